#include "aoi/workload_budget.h"

#include <algorithm>

#include "core/text_check.h"

namespace aoilab {

double expectedViewPairs(const WorkloadOptions& options) {
    const double n = static_cast<double>(options.entities);
    const double view = 4 * options.radius * options.radius;
    auto pairs = [&](double count, double side) {
        if (count < 2 || side <= 0) return count * std::max(0.0, count - 1);
        return count * (count - 1) * std::min(1.0, view / (side * side));
    };
    const double clustered = n * options.cluster;
    // Workload places the clustered share within about world / 20 of one of 8 hotspots.
    return pairs(n - clustered, options.world) + 8 * pairs(clustered / 8, options.world / 20);
}

std::string workloadRefusal(double operations, const std::string& operationFlags, double viewPairs,
                            const std::string& viewFlags) {
    if (operations > kWorkloadOperationBudget)
        return "about " + briefNumber(operations) + " adds and moves a method, more than the " +
               briefNumber(kWorkloadOperationBudget) + " a run may make; lower " + operationFlags;
    if (viewPairs > kWorkloadViewPairBudget)
        return "about " + briefNumber(viewPairs) + " pairs in view at once, more than the " +
               briefNumber(kWorkloadViewPairBudget) + " a run may hold; lower " + viewFlags;
    return {};
}

}  // namespace aoilab
