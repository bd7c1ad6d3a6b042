#pragma once
#include <stdexcept>
#include <string>

namespace aoilab {

// Bad input: the message already names the place (file, JSON path, entity) and the problem.
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace aoilab
