package dev.stratus.provider.gcp;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Our tags as Compute Engine labels and back. Label keys must match {@code [a-z][a-z0-9_-]{0,62}}
 * and values {@code [a-z0-9_-]{0,63}}, so ':' (in every {@code stratus:} key) and upper-case
 * letters are illegal. The mapping is reversible: the {@code stratus:} prefix becomes {@code
 * stratus-}; any other character outside {@code [a-z0-9-]} becomes {@code _xx} (its hex code, '_'
 * itself is {@code _5f}). A tag that does not fit in a label even so is refused.
 */
final class GcpLabels {
  static final String OUR_PREFIX = "stratus:";
  static final String LABEL_PREFIX = "stratus-";
  private static final Pattern KEY = Pattern.compile("[a-z][a-z0-9_-]{0,62}");
  private static final Pattern VALUE = Pattern.compile("[a-z0-9_-]{0,63}");

  private GcpLabels() {}

  static String key(String tagKey) {
    String key =
        tagKey.startsWith(OUR_PREFIX)
            ? LABEL_PREFIX + escape(tagKey.substring(OUR_PREFIX.length()))
            : escape(tagKey);
    if (!KEY.matcher(key).matches()
        || key.startsWith(LABEL_PREFIX) != tagKey.startsWith(OUR_PREFIX)) {
      throw new IllegalArgumentException(
          "tag key '" + tagKey + "' cannot be a Compute Engine label key (got '" + key + "')");
    }
    return key;
  }

  static String value(String tagValue) {
    String value = escape(tagValue);
    if (!VALUE.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "tag value '"
              + tagValue
              + "' is too long for a Compute Engine label (max 63 after"
              + " escaping)");
    }
    return value;
  }

  static Map<String, String> toLabels(Map<String, String> tags) {
    Map<String, String> labels = new LinkedHashMap<>();
    tags.forEach((k, v) -> labels.put(key(k), value(v)));
    return labels;
  }

  /** Labels that do not decode (set by someone else) are kept as they are. */
  static Map<String, String> toTags(Map<String, String> labels) {
    Map<String, String> tags = new LinkedHashMap<>();
    labels.forEach(
        (k, v) -> {
          String key =
              k.startsWith(LABEL_PREFIX)
                  ? OUR_PREFIX + unescape(k.substring(LABEL_PREFIX.length()))
                  : unescape(k);
          tags.put(key, unescape(v));
        });
    return tags;
  }

  static String escape(String text) {
    StringBuilder out = new StringBuilder();
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
        out.append(c);
      } else {
        out.append('_').append(HexFormat.of().toHexDigits(b));
      }
    }
    return out.toString();
  }

  static String unescape(String text) {
    var bytes = new ByteArrayOutputStream();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '_' && isHex(text, i + 1) && isHex(text, i + 2)) {
        bytes.write(HexFormat.fromHexDigits(text, i + 1, i + 3));
        i += 2;
      } else {
        bytes.write(c);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static boolean isHex(String text, int i) {
    return i < text.length() && HexFormat.isHexDigit(text.charAt(i));
  }
}
