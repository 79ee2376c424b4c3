#include <zinnia.h>
