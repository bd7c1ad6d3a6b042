#pragma once
#include <string>

namespace aoilab::app {

// Reads the back buffer (call after rendering, before the swap) and writes it as PNG.
// Returns an empty string on success, else what went wrong.
std::string saveScreenshot(const std::string& file, int width, int height);

}  // namespace aoilab::app
