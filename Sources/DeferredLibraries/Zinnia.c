// libzinnia, opened by the first Chinese or Japanese character model (DeferredLibraries.h says
// why and how).
#include <stdbool.h>
#include <stddef.h>
#include <zinnia.h>

#include "Binding.h"
#include "DeferredLibraries.h"

// Debian's libzinnia0 (tools/make-deb.sh names the package that holds it as a dependency)
static const char *const soname = "libzinnia.so.0";

#define FUNCTIONS(F, V)                                                                                            \
    F(int, zinnia_character_add, (zinnia_character_t * character, size_t id, int x, int y), (character, id, x, y)) \
    V(zinnia_character_destroy, (zinnia_character_t * character), (character))                                     \
    F(zinnia_character_t *, zinnia_character_new, (void), ())                                                      \
    V(zinnia_character_set_height, (zinnia_character_t * character, size_t height), (character, height))         \
    V(zinnia_character_set_width, (zinnia_character_t * character, size_t width), (character, width))             \
    F(zinnia_result_t *, zinnia_recognizer_classify,                                                               \
      (zinnia_recognizer_t * recognizer, const zinnia_character_t *character, size_t nbest),                       \
      (recognizer, character, nbest))                                                                              \
    V(zinnia_recognizer_destroy, (zinnia_recognizer_t * recognizer), (recognizer))                                 \
    F(zinnia_recognizer_t *, zinnia_recognizer_new, (void), ())                                                    \
    F(int, zinnia_recognizer_open, (zinnia_recognizer_t * recognizer, const char *filename),                       \
      (recognizer, filename))                                                                                      \
    F(size_t, zinnia_recognizer_size, (zinnia_recognizer_t * recognizer), (recognizer))                           \
    F(const char *, zinnia_recognizer_strerror, (zinnia_recognizer_t * recognizer), (recognizer))                 \
    V(zinnia_result_destroy, (zinnia_result_t * result), (result))                                                 \
    F(float, zinnia_result_score, (zinnia_result_t * result, size_t i), (result, i))                              \
    F(size_t, zinnia_result_size, (zinnia_result_t * result), (result))                                           \
    F(const char *, zinnia_result_value, (zinnia_result_t * result, size_t i), (result, i))

FUNCTIONS(NBI_DEFINE, NBI_DEFINE_VOID)

// `zinnia::Features::read(const zinnia::Character &)`, which CZinnia's shim calls under its C++
// name (it says why): a member function, so the features first, then the character.
#define FEATURES_READ "_ZN6zinnia8Features4readERKNS_9CharacterE"
static bool (*features_read_bound)(void *features, const void *character);

__attribute__((visibility("hidden"))) bool nbi_features_read(void *features, const void *character) __asm__(
    FEATURES_READ);
bool nbi_features_read(void *features, const void *character) { return features_read_bound(features, character); }

static char failure[256];

static int find_functions(void *handle) {
    FUNCTIONS(NBI_FIND, NBI_FIND_VOID)
    if ((features_read_bound = (typeof(features_read_bound))dlsym(handle, FEATURES_READ)) == NULL) {
        snprintf(failure, sizeof failure, "%s has no zinnia::Features::read", soname);
        return 1;
    }
    return 0;
}

NBI_DEFINE_OPEN(nbi_open_zinnia)
