#pragma once
#include <memory>
#include <vector>

#include "app/mode.h"

namespace aoilab::app {

// One factory per mode (modes/<id>/<id>_mode.cpp).
std::unique_ptr<Mode> makeAoiMode();
std::unique_ptr<Mode> makeSearchMode();
std::unique_ptr<Mode> makeMapsMode();
std::unique_ptr<Mode> makeGraphMode();

// Every mode, in the order of the switcher and of F1-F4.
std::vector<std::unique_ptr<Mode>> makeModes();

}  // namespace aoilab::app
