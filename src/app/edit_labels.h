#pragma once
// The undo history's step labels ("move entity 4", "paint obstacles"), written by the core in
// English, in the UI's language: the Edit menu shows "撤销 (移动实体 4)" in Chinese.
#include <string>

namespace aoilab::app {

// `label` in the current language; a label the table does not know comes back unchanged.
std::string localizedEditLabel(const std::string& label);

}  // namespace aoilab::app
