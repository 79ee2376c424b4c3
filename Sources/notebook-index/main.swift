import NotebookIndexCLI
NotebookIndexCLI.main()
