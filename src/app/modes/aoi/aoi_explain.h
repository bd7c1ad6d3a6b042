#pragma once
// The step mode's explanations: one or two short sentences per method that say what the last operation
// looked at and why, with the numbers of the case ("Walked 4 nodes right on the x list until x = 6:
// 6 - 3 > 2."). They read the methods' introspection views only, and come in English or Chinese.
#include <string>
#include <vector>

#include "app/modes/aoi/aoi_state.h"
#include "app/strings.h"

namespace aoilab::app {

// "Operation 7: move b from (3, 1) to (4, 4)."
std::string explainOperation(const AoiSession& session, const AoiStepInfo& info, Language language);
// What method `method` (an index into session.methods()) did for the last operation, then its events.
std::vector<std::string> explainMethod(const AoiSession& session, const AoiStepInfo& info, int method,
                                       Language language);
// A pending operation as the queue lists it: "move b to (4, 4)".
std::string describePending(const AoiSession& session, const ScriptOp& op, Language language);
// The translated name of a method ("crosslist" -> "Cross-linked list").
const char* methodTitle(const std::string& name, Language language);

}  // namespace aoilab::app
