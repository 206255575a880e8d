// libpng's simplified API (png_image_*): it reports errors in the image's message instead of
// long-jumping, so Swift can call it safely.
#include <png.h>

// PNG_FORMAT_RGBA is an expression of flags, which Swift does not import.
static inline unsigned int cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }
