#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <zinnia.h>

/* Zinnia's features of a character, as its recognizer computes them before scoring
   (`ZinniaWeights` scores them itself, the same sums in less time). libzinnia exports
   `zinnia::Features::read(const zinnia::Character &)` without declaring it: a `Features` is one
   `std::vector<zinnia::FeatureNode>` (begin, end, capacity), each node an int index and a float
   value, sorted by index and closed by index -1; a `zinnia_character_t` holds the
   `zinnia::Character *` first. `ZinniaModel` checks the scores against Zinnia's own when it
   opens a model and uses Zinnia's alone if they differ. */
typedef struct {
    int index;
    float value;
} nbi_zinnia_feature;

typedef struct {
    nbi_zinnia_feature *begin, *end, *capacity;
} nbi_zinnia_feature_vector;

extern bool nbi_zinnia_features_read(nbi_zinnia_feature_vector *features, const void *character) __asm__(
    "_ZN6zinnia8Features4readERKNS_9CharacterE");
extern void nbi_operator_delete(void *pointer) __asm__("_ZdlPv");

/* Copies the features of `character` (the closing node left out) into `out`, up to `capacity`
   of them; returns how many there are (more than `capacity`: call again with room for them), or
   -1 when Zinnia reads no features (an empty character). */
static inline long nbi_zinnia_features(const zinnia_character_t *character, nbi_zinnia_feature *out, long capacity) {
    nbi_zinnia_feature_vector features = {0, 0, 0};
    const void *inner = *(void *const *)character;
    bool read = nbi_zinnia_features_read(&features, inner);
    long count = -1;
    if (read && features.begin && features.end > features.begin) {
        count = (long)(features.end - features.begin) - 1;
        if (count <= capacity) memcpy(out, features.begin, (size_t)count * sizeof(nbi_zinnia_feature));
    }
    if (features.begin) nbi_operator_delete(features.begin);
    return count;
}
