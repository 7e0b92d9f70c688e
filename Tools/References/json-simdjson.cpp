// The floor routekit-bench holds the String Catalog reader to: every file argument loaded and
// parsed by simdjson's DOM parser, then every value visited (so nothing is left unread). Prints
// "<seconds> <values>"; the time covers reading, parsing and the walk.
// Built by Scripts/bench.sh when simdjson is installed (libsimdjson-dev).
#include <simdjson.h>
#include <chrono>
#include <cstdio>

static void visit(simdjson::dom::element element, long &values) {
    values++;
    switch (element.type()) {
    case simdjson::dom::element_type::ARRAY:
        for (simdjson::dom::element child : element.get_array()) visit(child, values);
        break;
    case simdjson::dom::element_type::OBJECT:
        for (simdjson::dom::key_value_pair field : element.get_object()) visit(field.value, values);
        break;
    default:
        break;
    }
}

int main(int argc, char **argv) {
    simdjson::dom::parser parser;
    long values = 0;
    auto start = std::chrono::steady_clock::now();
    for (int index = 1; index < argc; index++) {
        simdjson::dom::element root;
        if (auto error = parser.load(argv[index]).get(root)) {
            std::fprintf(stderr, "%s: %s\n", argv[index], simdjson::error_message(error));
            return 1;
        }
        visit(root, values);
    }
    std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    std::printf("%.6f %ld\n", seconds.count(), values);
    return 0;
}
