package dev.stratus.core.config;

import dev.stratus.core.config.YamlNode.ListNode;
import dev.stratus.core.config.YamlNode.MapNode;
import dev.stratus.core.config.YamlNode.Scalar;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts a provider's free-form block to plain Java values (String, Integer/Long/BigInteger,
 * Double, Boolean, null, List, Map in document order). By convention a string under a key ending in
 * {@code Dir}, {@code File} or {@code Path} is a path: a relative one is resolved against the YAML
 * file's directory here, so every provider resolves paths alike.
 */
final class FreeForm {
  private FreeForm() {}

  static Map<String, Object> block(Fields block) {
    Map<String, Object> out = new LinkedHashMap<>();
    block.raw().entries().forEach((k, e) -> out.put(k, value(block, k, e.value())));
    return Collections.unmodifiableMap(out);
  }

  private static Object value(Fields ctx, String key, YamlNode node) {
    if (node instanceof MapNode m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.entries().forEach((k, e) -> out.put(k, value(ctx, k, e.value())));
      return Collections.unmodifiableMap(out);
    }
    if (node instanceof ListNode l) {
      List<Object> out = new ArrayList<>();
      l.items().forEach(i -> out.add(value(ctx, key, i)));
      return Collections.unmodifiableList(out);
    }
    Scalar s = (Scalar) node;
    return switch (s.kind()) {
      case NULL -> null;
      case BOOLEAN -> Boolean.valueOf(s.text());
      case DECIMAL -> Double.valueOf(s.text());
      case INTEGER -> integer(s.text());
      case STRING -> isPathKey(key) ? ctx.resolve(s.text()).toString() : s.text();
    };
  }

  private static Object integer(String text) {
    BigInteger v = new BigInteger(text);
    if (v.bitLength() < 32) {
      return v.intValue();
    }
    return v.bitLength() < 64 ? (Object) v.longValue() : v;
  }

  static boolean isPathKey(String key) {
    return key.endsWith("Dir") || key.endsWith("File") || key.endsWith("Path");
  }
}
