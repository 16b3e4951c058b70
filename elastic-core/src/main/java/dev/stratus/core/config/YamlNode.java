package dev.stratus.core.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML document as a tree whose every node remembers where it was written, so that errors found
 * after parsing (unknown keys, bad values, failed record checks) can still name line and column.
 * Jackson's own {@code JsonNode} tree drops locations, hence this small tree.
 */
sealed interface YamlNode {
  Mark mark();

  /** 1-based line and column. */
  record Mark(int line, int column) {}

  /** A key's own position and its value. */
  record Entry(Mark keyMark, YamlNode value) {}

  /** Keys in document order. */
  record MapNode(Mark mark, Map<String, Entry> entries) implements YamlNode {
    public MapNode {
      entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }
  }

  record ListNode(Mark mark, List<YamlNode> items) implements YamlNode {
    public ListNode {
      items = List.copyOf(items);
    }
  }

  /** A scalar; {@code kind} tells how YAML typed it (so {@code "8"} and {@code 8} differ). */
  record Scalar(Mark mark, Kind kind, String text) implements YamlNode {
    enum Kind {
      STRING,
      INTEGER,
      DECIMAL,
      BOOLEAN,
      NULL
    }

    boolean isNull() {
      return kind == Kind.NULL;
    }
  }
}
