#pragma once
// The step mode's explanations: one or two short sentences per method that say what the last operation
// looked at and why, with the numbers of the case ("Walked 4 nodes right on the x list until x = 6:
// 6 - 3 > 2."). They read the methods' introspection views only, and come in English or Chinese.
#include <string>
#include <vector>

#include "app/modes/aoi/aoi_state.h"
#include "app/strings.h"

namespace aoilab::app {

// "Operation 1 of 3" for the script's first step (the timeline's position), "Edit" for an edit.
std::string operationName(const AoiStepInfo& info, Language language);
// "Operation 1 of 3: move d from (3, 3) to (4, 4)."
std::string explainOperation(const AoiSession& session, const AoiStepInfo& info, Language language);
// What method `method` (an index into session.methods()) did for the last operation, then its events.
std::vector<std::string> explainMethod(const AoiSession& session, const AoiStepInfo& info, int method,
                                       Language language);
// A pending operation as the queue lists it: "move b to (4, 4)".
std::string describePending(const AoiSession& session, const ScriptOp& op, Language language);
// A coordinate as the list panel's nodes and their tooltips show it: rounded to two decimals as the
// explanations do ("2.99" for 2.988), whole numbers whole ("3").
std::string listNodeValue(double value);
// The decimals listNodeValue() writes for a value before its six significant digits cut them: 0, 1, 2.
int listNodeDecimals(double value);
// Text at least as wide as listNodeValue() of any value in [lo, hi] that has at most `decimals` decimals
// (listNodeDecimals), written with `digit` for every digit ("88888." for [0, 400] with two decimals):
// what a list node must hold, without formatting every value of a long list.
std::string widestListNodeValue(double lo, double hi, int decimals, char digit);
// The translated name of an event type ("enter" / "进入").
Str eventTypeName(AoiEventType type);
// The translated name of a method ("crosslist" -> "Cross-linked list").
const char* methodTitle(const std::string& name, Language language);

}  // namespace aoilab::app
