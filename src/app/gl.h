#pragma once
// The OpenGL functions: the desktop loads OpenGL 3.3 core through glad; the web page has WebGL2 (OpenGL
// ES 3.0), whose functions Emscripten provides directly. The one place that chooses (the platform seam,
// app/platform.h).
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif
