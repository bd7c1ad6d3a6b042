// The README's benchmark table names each map with its number of queries: they must be what the CLI
// counts in the map's .scen file (issue 40 item 20: den312d said 321, the CLI counts 320).
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <string>

#include "path/movingai.h"
#include "path_test_util.h"

namespace aoilab {
namespace {

TEST(Readme, TheBenchmarkTablesQueryCountsAreTheScenFiles) {
    std::ifstream in(test::sourcePath("README.md"));
    ASSERT_TRUE(in.good());
    const std::pair<const char*, const char*> scen[] = {{"random512-10-0", "random/random512-10-0"},
                                                       {"16room_000", "rooms/16room_000"},
                                                       {"arena", "dao/arena"},
                                                       {"den312d", "dao/den312d"}};
    const std::regex row(R"(^\| ([A-Za-z0-9_-]+) \(([0-9,]+)\) \|)");
    int checked = 0;
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (!std::regex_search(line, m, row)) continue;
        for (const auto& [name, file] : scen) {
            if (m[1] != name) continue;
            std::string digits = m[2];
            std::erase(digits, ',');
            MovingAiScenario s = readMovingAiScenario(test::movingAi(std::string("scenarios/") + file + ".map.scen"));
            EXPECT_EQ(std::stoul(digits), s.queries.size()) << name;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 4);
}

}  // namespace
}  // namespace aoilab
