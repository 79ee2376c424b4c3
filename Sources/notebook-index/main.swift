import NotebookIndexCLI

NotebookIndexCLI.main()
