// Recognition: handwriting to words with their strokes and boxes, as a pipeline.
//
// 1. Ink (`Layout/VisibleInk`, `InkTrace`): a drawing's strokes after erasing, as traces; highlighter
//    over writing set aside (`HighlighterMarkup`).
// 2. Layout (`LayoutAnalyzer`): writing direction (`WritingDirection`), local size, drawing and
//    markup set aside (`StrokeClassifier`, learned, over `StrokeFeatures`), traces grouped into
//    `TextLine`s (`LineGrouping`, `LineOrdering`), marks attached to their letters.
// 3. Features (`InkFeatures`): each line resampled along its arc at a step of its own size.
// 4. Network (`RecognizerNetwork`, weights in `ModelFile`, loops in NetworkKernels): per frame,
//    the probabilities of each character.
// 5. Decoding (`CTCBeamSearch`): a beam search over those frames with the word lists (`Lexicon`),
//    the character model (`CharacterLanguageModel`) and the gaps between words (`WordGapPrior`),
//    giving n-best readings per word; `SecondLook` reads doubtful words again.
// 6. Alignment (`Alignment`, `CTCAlignment`): every word back to its strokes and box, in a
//    `Transcript`.
// Chinese and Japanese lines go through `CJK/` instead (`CJKLineReader`: `CharacterNetwork` and
// Zinnia, a `CJKLattice` with `CJKLanguageModel`); `MixedScriptLineReader` picks a line's script.
//
// Principal types: `HandwritingRecognizer` (the pipeline; `recognitionVersion`), `StrokeRecognizer`
// (the façade for library users), `Transcript`, `RecognitionLanguage`, `UserVocabulary`.
