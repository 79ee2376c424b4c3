/// The beam search's knobs, tuned on the dev writers (`make bench-recognizer`).
package struct DecoderSettings: Sendable {
    package var beamWidth = 24
    /// Weight of the character language model's log-probability, per character.
    package var lmWeight: Float = 0.5
    /// Added per character, against the language model's bias toward short readings. The
    /// generation-3 network (version 21) gives a frame to every four input rows, where version
    /// 20's gave one to two, so a character has fewer frames to win its place against the blank:
    /// at version 20's 1.0 and 0.6 it dropped characters, most of all in rows of separate ones
    /// (docs/recognizer.md has the sweep over the `dev` pages).
    package var insertionBonus: Float = 2.5
    /// Charged once per word whose letters leave the word list or stop short of a word.
    package var oovPenalty: Float = 2.5
    /// Weight of a listed word's commonness log-prior (`WordCommonness`), added to a line's
    /// reading that is that one word, and to the readings of a word alone in its line, so that a
    /// word with no sentence around it (a vocabulary card's) is read as the common word rather
    /// than a rare look-alike its ink makes about as likely (`self`, not `surf`). Readings of
    /// several words get none: a prior per word paid for splitting a rare word into common ones
    /// (`play off`), and in a sentence the character model weighs the words already. The readings
    /// of a word among others get none either: lifting their common alternatives made common
    /// queries hit where they are not written (docs/recognizer.md).
    package var commonWordWeight: Float = 0.5
    /// Characters less likely than this in a frame are not tried there.
    package var pruneLogProbability: Float = -9
    /// At most this many characters are tried per frame.
    package var maxCharactersPerFrame = 10
    /// A word keeps alternative readings scoring at most this far (natural log) below its best,
    /// judged after the second look. A wider margin than 2 keeps the `dev` pages' CER and
    /// precision and finds more isolated words among the top five (docs/recognizer.md).
    package var candidateMargin: Double = 4
    /// How many readings a word keeps at most.
    package var candidatesPerWord = 5
    /// A word read with less confidence than this beside other words of its line is read again
    /// from its own ink, stretched `secondLookWidening` times across, and its readings ranked by
    /// both reads (`SecondLook`; 0 turns it off). Words read with more gained nothing on `dev`
    /// pages and lost a little; a word alone in its line was read alone already.
    package var secondLookBelowConfidence = 0.7
    package var secondLookWidening = 1.2
    /// The share of a reading's word-list penalty not counted against `candidateMargin`: 1 keeps
    /// a reading outside the list whenever the ink and the letters make it as likely as that.
    package var outsideListForgiveness = 1.0
    /// Added to the space class around a pen jump over a gap at least `gapSpaceHigh` writing
    /// sizes wide, in proportion from `gapSpaceLow`, when the gap is also at least
    /// `gapSpaceTypicalMultiple` times the line's median gap (`WordGapPrior`).
    package var gapSpaceBonus: Float = 4
    package var gapSpaceLow = 0.6
    package var gapSpaceHigh = 1.2
    package var gapSpaceTypicalMultiple = 3.0
    /// A run of this many traces or more, each overlapping the ink before it and about as wide as
    /// high, is taken for a CJK character whose gaps do not count towards the line's median gap
    /// (`WordGapPrior.characterClusters`); 0 counts every gap.
    package var gapCharacterTraces = 4
    /// Charged once per word whose letters break all of lower case, Capitalized and ALL CAPS
    /// ("aWay", "BUt"): c, o, s, w and their capitals differ only in size, and the network
    /// alone mixes them inside words.
    package var mixedCasePenalty: Float = 3
    /// A letter standing alone ("x = 3", a row of separate letters) is scored by the character
    /// model as no less likely than a digit or a mark standing alone in its place. English text
    /// holds few lone letters beside many lone numbers and marks, and the model has one symbol for
    /// all ten digits and one for all marks, so it read such rows as digits and marks (o -> 0,
    /// s -> 5, t -> +). docs/recognizer.md has what it changed on `dev`.
    package var loneLettersAsLikelyAsDigitsOrMarks = true
    /// Lines of `MixedTokenText` (letters and digits together, "File2", "Page 2") the character
    /// model learns from, as a share of the word lists' words.
    package var mixedTokenShare = 0.03
    /// Added once for a marked letter that continues a listed word, and taken back if the word
    /// leaves the list (`MarkedLetterLift`): the network reads most marks with little probability,
    /// and where a list holds the word with and without them, the bare word won (Danish `møve`
    /// read `move`).
    package var markBonus: Float = 5

    package init() {}
}
