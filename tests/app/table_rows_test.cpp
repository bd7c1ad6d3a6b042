// A table drawn as rows (src/app/table_rows.h): each row reads as one line, its name first.
#include <gtest/gtest.h>

#include "app/table_rows.h"

namespace aoilab::app {
namespace {

TEST(TableRows, ARowReadsAsItsNameThenEachHeaderWithItsValue) {
    const std::vector<std::string> headers{"Vertex", "Distance", "Parent", "State"};
    EXPECT_EQ(rowLine(headers, {"A2", "12.5", "A1", "settled"}), "A2:  Distance 12.5 · Parent A1 · State settled");
}

TEST(TableRows, ColumnsBeforeTheNameAndEmptyCellsAreLeftOut) {
    // The maps routes: a checkbox column first (the caller's), the name, then the numbers.
    const std::vector<std::string> headers{"Show", "", "Length", "vs grid", "Nodes"};
    EXPECT_EQ(rowLine(headers, {"", "Grid A*", "36.73", "", "227"}, 1), "Grid A*:  Length 36.73 · Nodes 227");
    // A matrix: its headers are the columns' vertices; a column without a header shows its value alone.
    EXPECT_EQ(rowLine({"", "B", "C"}, {"A", "3", "7"}), "A:  B 3 · C 7");
    EXPECT_EQ(rowLine({"", ""}, {"A", "3"}), "A:  3");
}

}  // namespace
}  // namespace aoilab::app
