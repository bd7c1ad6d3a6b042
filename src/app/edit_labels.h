#pragma once
// The undo history's step labels in the UI's language: the Edit menu shows "撤销 (移动实体 4)" in
// Chinese. The core keeps each label as data (EditLabel); its English text() matches the table's.
#include <string>

#include "core/edit_history.h"

namespace aoilab::app {

// `label` in the current language; a custom label comes back as it was written.
std::string localizedEditLabel(const EditLabel& label);

}  // namespace aoilab::app
