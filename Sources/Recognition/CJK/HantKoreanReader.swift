import Foundation

/// Traditional Chinese (`zh-Hant`) and Korean (`ko`), read by the second character network,
/// `cjk-characters-hant-ko.nbm` (`make -C Training cjk-hant-ko`: Big5's level-1 hanzi and KS X
/// 1001's Hangul syllables and modern jamo, trained as the first network is, on the thinned glyphs
/// of Debian's fonts), with each language's character model (`cjk-zh-Hant.txt` from jieba's words
/// converted by OpenCC, `cjk-ko.txt` from hunspell-ko's words; `tools/make_cjk_models.py`).
///
/// The line is read as Chinese and Japanese are (`CJKLineReader`: stroke groups, the lattice, the
/// character models); only the classifier differs: the network alone, since Debian ships no Zinnia
/// model of either language.
extension RecognizerResources {
    /// The second character network's weights.
    static let hantKoreanModelName = "cjk-characters-hant-ko"
    /// The language codes the second network reads (the `languages` of its file).
    static let hantKoreanCodes = ["zh-Hant", "ko"]

    /// The second character network from the resources, its reasons prefixed with the file's name.
    /// - Throws: `ModelError.missing` when the file is not installed, `.invalid` when it is damaged.
    static func hantKoreanNetwork() throws(ModelError) -> CharacterNetwork {
        do throws(ModelError) {
            return try CharacterNetwork(data: load(hantKoreanModelName, modelExtension))
        } catch .invalid(let why) {
            throw .invalid("\(hantKoreanModelName).\(modelExtension): \(why)")
        } catch {
            throw error
        }
    }

    /// The classifier of the codes of `languages` that the second network reads (nil for none).
    static func hantKoreanClassifier(languages: [String]) throws(ModelError) -> NetworkCharacterClassifier? {
        let codes = languages.filter(hantKoreanCodes.contains)
        guard !codes.isEmpty else { return nil }
        return NetworkCharacterClassifier(network: try hantKoreanNetwork(), languages: codes)
    }
}
