package dev.stratus.core.config;

import dev.stratus.core.config.YamlNode.Entry;
import dev.stratus.core.config.YamlNode.ListNode;
import dev.stratus.core.config.YamlNode.MapNode;
import dev.stratus.core.config.YamlNode.Mark;
import dev.stratus.core.config.YamlNode.Scalar;
import dev.stratus.wire.Durations;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * A cursor on one YAML mapping: typed reads by key, each error placed at the offending value's line
 * and column and named by its field path ({@code pools[0].gpu.count}). Keys not declared as known
 * are refused when the cursor is made, so a typo never silently falls back to a default.
 */
final class Fields {
  /** The document: its name for messages and the directory relative paths resolve against. */
  record Doc(String name, Path baseDir, KeyLog keys) {
    ConfigException error(Mark mark, String path, String problem) {
      return new ConfigException(name, mark.line(), mark.column(), path, problem);
    }
  }

  private final Doc doc;
  private final String path;
  private final MapNode map;

  private Fields(Doc doc, String path, MapNode map) {
    this.doc = doc;
    this.path = path;
    this.map = map;
  }

  /**
   * A cursor on the YAML file's top mapping, which may hold only {@code known} keys; relative paths
   * in it resolve against the file's directory. {@code what} names the file in the error when it
   * cannot be read.
   */
  static Fields read(Path file, String what, String... known) {
    return read(file, what, KeyLog.NONE, known);
  }

  /**
   * As {@link #read(Path, String, String...)}, declaring every mapping's known keys to {@code
   * keys}.
   */
  static Fields read(Path file, String what, KeyLog keys, String... known) {
    String name = file.toString();
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new ConfigException(name, 0, 0, "", "cannot read " + what + ": " + e);
    }
    var doc = new Doc(name, file.toAbsolutePath().getParent(), keys);
    return of(doc, "", YamlReader.parse(name, text), known);
  }

  /** A cursor on {@code node}, which must be a mapping holding only {@code known} keys. */
  static Fields of(Doc doc, String path, YamlNode node, String... known) {
    if (!(node instanceof MapNode m)) {
      throw doc.error(
          node.mark(), path, "expected a mapping (key: value lines), got " + kind(node));
    }
    Set<String> knownKeys = new LinkedHashSet<>(List.of(known));
    for (var e : m.entries().entrySet()) {
      if (!knownKeys.contains(e.getKey())) {
        throw doc.error(
            e.getValue().keyMark(),
            path,
            "unknown key '" + e.getKey() + "' (known: " + String.join(", ", knownKeys) + ")");
      }
    }
    doc.keys().declare(path, knownKeys);
    return new Fields(doc, path, m);
  }

  /** A cursor on a mapping whose keys are not ours to check (a provider's block). */
  static Fields freeForm(Doc doc, String path, YamlNode node) {
    if (node instanceof MapNode m) {
      return new Fields(doc, path, m);
    }
    return of(doc, path, node); // not a mapping: the same error as any section's
  }

  Doc doc() {
    return doc;
  }

  String path() {
    return path;
  }

  Mark mark() {
    return map.mark();
  }

  String child(String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  /** The value under {@code key}; absent when the key is missing or its value is null. */
  Optional<YamlNode> node(String key) {
    Entry e = map.entries().get(key);
    if (e == null || (e.value() instanceof Scalar s && s.isNull())) {
      return Optional.empty();
    }
    return Optional.of(e.value());
  }

  YamlNode required(String key) {
    return node(key).orElseThrow(() -> error("missing required key '" + key + "'"));
  }

  ConfigException error(String problem) {
    return doc.error(map.mark(), path, problem);
  }

  /** An error placed at the value of {@code key} (or at this mapping when the key is absent). */
  ConfigException error(String key, String problem) {
    Entry e = map.entries().get(key);
    Mark m = e == null ? map.mark() : e.value().mark();
    return doc.error(m, child(key), problem);
  }

  /**
   * Runs a record-style check ({@code Checks::positive} and friends) with the key as the field
   * label, and reports its failure at the value, without repeating the key in the problem text.
   */
  <T> T check(String key, T value, BiConsumer<String, T> check) {
    try {
      check.accept(key, value);
      return value;
    } catch (IllegalArgumentException e) {
      String msg = String.valueOf(e.getMessage());
      throw error(key, msg.startsWith(key + " ") ? msg.substring(key.length() + 1) : msg);
    }
  }

  String string(String key) {
    return text(key, required(key));
  }

  String string(String key, String fallback) {
    return node(key).map(n -> text(key, n)).orElse(fallback);
  }

  int integer(String key) {
    return (int) number(key, required(key), Integer.MIN_VALUE, Integer.MAX_VALUE);
  }

  int integer(String key, int fallback) {
    return node(key)
        .map(n -> (int) number(key, n, Integer.MIN_VALUE, Integer.MAX_VALUE))
        .orElse(fallback);
  }

  /** {@code true} or {@code false} (YAML booleans or those words); {@code fallback} if absent. */
  boolean bool(String key, boolean fallback) {
    Optional<YamlNode> n = node(key);
    if (n.isEmpty()) {
      return fallback;
    }
    if (n.get() instanceof Scalar s && (s.text().equals("true") || s.text().equals("false"))) {
      return s.text().equals("true");
    }
    throw error(key, "must be true or false, got " + kind(n.get()));
  }

  long longValue(String key) {
    return number(key, required(key), Long.MIN_VALUE, Long.MAX_VALUE);
  }

  BigDecimal decimal(String key) {
    YamlNode n = required(key);
    if (n instanceof Scalar s
        && (s.kind() == Scalar.Kind.INTEGER || s.kind() == Scalar.Kind.DECIMAL)) {
      return new BigDecimal(s.text());
    }
    throw error(key, "expected a number, got " + kind(n));
  }

  Duration duration(String key, Duration fallback) {
    return node(key).map(n -> parseDuration(key, n)).orElse(fallback);
  }

  /** A path; a relative one resolves against the YAML file's directory. */
  Path path(String key, Path fallback) {
    return node(key).map(n -> resolve(text(key, n))).orElse(fallback);
  }

  Path resolve(String p) {
    return doc.baseDir().resolve(p).normalize();
  }

  List<String> strings(String key, List<String> fallback) {
    Optional<YamlNode> n = node(key);
    if (n.isEmpty()) {
      return fallback;
    }
    if (!(n.get() instanceof ListNode list)) {
      throw error(key, "expected a list, got " + kind(n.get()));
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < list.items().size(); i++) {
      YamlNode item = list.items().get(i);
      if (!(item instanceof Scalar s) || s.isNull()) {
        throw doc.error(
            item.mark(), child(key) + "[" + i + "]", "expected a word, got " + kind(item));
      }
      out.add(s.text());
    }
    return out;
  }

  /**
   * A nested mapping; empty when the key is absent or null. Its known keys are declared either way,
   * so {@link ConfigLoader#keys} sees a section the file leaves out.
   */
  Optional<Fields> section(String key, String... known) {
    doc.keys().declare(child(key), List.of(known));
    return node(key).map(n -> Fields.of(doc, child(key), n, known));
  }

  /** A required, non-empty list of mappings. */
  List<Fields> list(String key, String... known) {
    YamlNode n = required(key);
    if (!(n instanceof ListNode l)) {
      throw error(key, "expected a list, got " + kind(n));
    }
    if (l.items().isEmpty()) {
      throw error(key, "must not be empty");
    }
    List<Fields> out = new ArrayList<>();
    for (int i = 0; i < l.items().size(); i++) {
      out.add(Fields.of(doc, child(key) + "[" + i + "]", l.items().get(i), known));
    }
    return out;
  }

  /** The raw entries, for free-form blocks. */
  MapNode raw() {
    return map;
  }

  private String text(String key, YamlNode n) {
    if (n instanceof Scalar s && !s.isNull()) {
      return s.text();
    }
    throw error(key, "expected a single value, got " + kind(n));
  }

  private long number(String key, YamlNode n, long min, long max) {
    if (n instanceof Scalar s && s.kind() == Scalar.Kind.INTEGER) {
      try {
        long v = Long.parseLong(s.text());
        if (v >= min && v <= max) {
          return v;
        }
      } catch (NumberFormatException e) {
        // falls through to the range error below
      }
      throw error(key, "number " + s.text() + " is out of range");
    }
    throw error(key, "expected a whole number, got " + kind(n));
  }

  private Duration parseDuration(String key, YamlNode n) {
    if (n instanceof Scalar s && s.kind() == Scalar.Kind.INTEGER) {
      throw error(key, "'" + s.text() + "' needs a unit, e.g. " + s.text() + "s");
    }
    try {
      return Durations.parse(text(key, n));
    } catch (IllegalArgumentException e) {
      throw error(key, e.getMessage());
    }
  }

  static String kind(YamlNode n) {
    if (n instanceof MapNode) {
      return "a mapping";
    }
    if (n instanceof ListNode) {
      return "a list";
    }
    Scalar s = (Scalar) n;
    return s.isNull() ? "nothing" : "'" + s.text() + "'";
  }
}
