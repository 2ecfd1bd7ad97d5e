// The fuzz input read one byte at a time (0 once it runs out), shared by the
// targets that turn bytes into calls or dags.
#pragma once

#include <cstddef>
#include <cstdint>

struct Bytes {
    const std::uint8_t* p;
    std::size_t n;
    std::uint8_t next() {
        if (n == 0) return 0;
        --n;
        return *p++;
    }
};
