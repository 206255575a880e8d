#ifndef CCMARKGFM_SHIM_H
#define CCMARKGFM_SHIM_H

#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

/* The table and strikethrough node types are exported by libcmark-gfm-extensions
   but declared in no installed header. Swift 6 rejects mutable C globals as not
   concurrency-safe, so they are read through these getters. */
extern cmark_node_type CMARK_NODE_TABLE;
extern cmark_node_type CMARK_NODE_TABLE_ROW;
extern cmark_node_type CMARK_NODE_TABLE_CELL;
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;

static inline cmark_node_type ccmark_node_table(void) { return CMARK_NODE_TABLE; }
static inline cmark_node_type ccmark_node_table_row(void) { return CMARK_NODE_TABLE_ROW; }
static inline cmark_node_type ccmark_node_table_cell(void) { return CMARK_NODE_TABLE_CELL; }
static inline cmark_node_type ccmark_node_strikethrough(void) { return CMARK_NODE_STRIKETHROUGH; }

#endif
