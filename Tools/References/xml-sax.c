// The floor routekit-bench holds the Compose strings.xml reader to: every file argument read into
// memory and parsed by libxml2's SAX2 parser, counting elements and text bytes (so the parse is
// not skipped). Prints "<seconds> <elements> <text bytes>"; the time covers reading and parsing.
// Built by Scripts/bench.sh when libxml2's headers are installed (libxml2-dev).
#include <libxml/parser.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long elements, textBytes;

static void startElement(void *context, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri,
                         int namespaceCount, const xmlChar **namespaces, int attributeCount,
                         int defaultedCount, const xmlChar **attributes) {
    elements++;
}

static void characters(void *context, const xmlChar *text, int length) { textBytes += length; }

static char *readFile(const char *path, long *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    *size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc(*size > 0 ? *size : 1);
    if (bytes && fread(bytes, 1, *size, file) != (size_t)*size) { free(bytes); bytes = NULL; }
    fclose(file);
    return bytes;
}

int main(int argc, char **argv) {
    xmlSAXHandler handler = {0};
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = startElement;
    handler.characters = characters;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int index = 1; index < argc; index++) {
        long size = 0;
        char *bytes = readFile(argv[index], &size);
        if (!bytes) { fprintf(stderr, "%s: cannot read\n", argv[index]); return 1; }
        if (xmlSAXUserParseMemory(&handler, NULL, bytes, (int)size) != 0) {
            fprintf(stderr, "%s: not well-formed\n", argv[index]);
            return 1;
        }
        free(bytes);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%.6f %ld %ld\n", (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9, elements, textBytes);
    return 0;
}
