#pragma once
// The size budgets of the readers (docs/LIMITS.md): each input is checked against its budget before
// the work, and a refusal says the size it would need.
#include <cstddef>

namespace aoilab {

inline constexpr std::size_t kMaxScenarioFileBytes = 512u << 20;  // a scenario JSON file
inline constexpr std::size_t kMaxGraphFileBytes = 512u << 20;     // a graph JSON or XML file
inline constexpr std::size_t kMaxMapFileBytes = 300u << 20;       // a MovingAI .map (16,384 x 16,384 cells fit)
inline constexpr std::size_t kMaxScenFileBytes = 256u << 20;      // a MovingAI .scen
inline constexpr std::size_t kMaxInputScriptBytes = 64u << 20;    // an --script file
inline constexpr std::size_t kMaxSettingsBytes = 4u << 20;        // settings.json
inline constexpr std::size_t kMaxWindowStateBytes = 1u << 20;     // imgui.ini (the window layout)

}  // namespace aoilab
