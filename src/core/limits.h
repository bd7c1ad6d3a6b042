#pragma once
// The size budgets of the readers (docs/LIMITS.md): each input is checked against its budget before
// the work, and a refusal says the size it would need.
#include <cstddef>

namespace aoilab {

// The web page (the WebAssembly build) holds at most 4 GiB in all, where the desktop has the machine's
// memory, and keeps the same structures at once (five AOI methods, checkpoint copies, the file's text and
// its JSON): there every memory budget is a quarter of the desktop's, so a world or map past what the page
// can hold is refused before the work, with the page's limit and the size it would need (docs/LIMITS.md,
// "In the page"). The web build defines AOILAB_SMALL_MEMORY (src/CMakeLists.txt) for every library.
#ifdef AOILAB_SMALL_MEMORY
inline constexpr std::size_t kMemoryBudgetDivisor = 4;
#else
inline constexpr std::size_t kMemoryBudgetDivisor = 1;
#endif

inline constexpr std::size_t kMaxScenarioFileBytes = (512u << 20) / kMemoryBudgetDivisor;  // a scenario JSON file
inline constexpr std::size_t kMaxGraphFileBytes = (512u << 20) / kMemoryBudgetDivisor;     // a graph JSON or XML file
inline constexpr std::size_t kMaxMapFileBytes = (300u << 20) / kMemoryBudgetDivisor;       // a MovingAI .map (16,384 x 16,384 cells fit)
inline constexpr std::size_t kMaxScenFileBytes = (256u << 20) / kMemoryBudgetDivisor;      // a MovingAI .scen
inline constexpr std::size_t kMaxInputScriptBytes = 64u << 20;    // an --script file
inline constexpr std::size_t kMaxSettingsBytes = 4u << 20;        // settings.json
inline constexpr std::size_t kMaxWindowStateBytes = 1u << 20;     // imgui.ini (the window layout)

}  // namespace aoilab
