package dev.stratus.core.slurm;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Reading helpers for Slurm's JSON documents. Every failure names the document and the path of the
 * field ({@code squeue --json: jobs[2].job_id: missing}), through {@code error}, so each parser
 * chooses its own exception type.
 */
final class JsonDocument {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final String document;
  private final Function<String, RuntimeException> error;

  JsonDocument(String document, Function<String, RuntimeException> error) {
    this.document = document;
    this.error = error;
  }

  JsonNode parse(String json) {
    if (json == null || json.isBlank()) {
      throw fail("", "empty document");
    }
    try {
      JsonNode root = MAPPER.readTree(json);
      if (root == null || !root.isObject()) {
        throw fail("", "expected a JSON object");
      }
      return root;
    } catch (JsonProcessingException e) {
      throw fail("", "not valid JSON: " + e.getOriginalMessage());
    }
  }

  /**
   * Reads the root object of {@code in} member by member and hands each element of its array {@code
   * field} (required) to {@code each}, with its index, as a small tree of its own holding only the
   * members named in {@code keep}: a large document never becomes one tree or one string, and what
   * is not read is skipped unparsed (Slurm 22.05's {@code squeue --json} of 10,000 jobs is about 40
   * MB, some 130 members a job). Slurm's {@code errors} are checked where they stand; other members
   * of the root are skipped.
   */
  void forEachOf(
      InputStream in, String field, Set<String> keep, BiConsumer<Integer, JsonNode> each) {
    try (JsonParser parser = MAPPER.getFactory().createParser(in)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw fail("", "empty document");
      }
      if (first != JsonToken.START_OBJECT) {
        throw fail("", "expected a JSON object");
      }
      boolean found = false;
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String name = parser.currentName();
        JsonToken value = parser.nextToken();
        if (name.equals(field)) {
          if (value != JsonToken.START_ARRAY) {
            throw fail(field, "expected an array");
          }
          found = true;
          for (int i = 0; parser.nextToken() != JsonToken.END_ARRAY; i++) {
            each.accept(i, kept(parser, field + "[" + i + "]", keep));
          }
        } else if (name.equals("errors")) {
          JsonNode errors = parser.readValueAsTree();
          if (errors.isArray() && !errors.isEmpty()) {
            throw fail("errors", errors.toString());
          }
        } else {
          parser.skipChildren();
        }
      }
      if (!found) {
        throw fail(field, "missing");
      }
    } catch (JsonProcessingException e) {
      throw fail("", "not valid JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw fail("", "cannot read: " + e.getMessage());
    }
  }

  /** The members named in {@code keep} of the object at the parser, which is read past it. */
  private ObjectNode kept(JsonParser parser, String path, Set<String> keep) throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      throw fail(path, "expected an object");
    }
    ObjectNode item = MAPPER.createObjectNode();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      parser.nextToken();
      if (keep.contains(name)) {
        item.set(name, parser.readValueAsTree());
      } else {
        parser.skipChildren();
      }
    }
    return item;
  }

  /** The array {@code field} of {@code node}; required. */
  List<JsonNode> array(JsonNode node, String path, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.isArray()) {
      throw fail(join(path, field), value == null ? "missing" : "expected an array");
    }
    List<JsonNode> items = new ArrayList<>();
    value.forEach(items::add);
    return items;
  }

  /** A text field; {@code null} when absent or JSON null. */
  String text(JsonNode node, String path, String field) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isValueNode()) {
      throw fail(join(path, field), "expected text, got " + value.getNodeType());
    }
    return value.asText();
  }

  String requiredText(JsonNode node, String path, String field) {
    String value = text(node, path, field);
    if (value == null || value.isBlank()) {
      throw fail(join(path, field), "missing");
    }
    return value;
  }

  /**
   * A whole number; 23.02+ wraps numbers as {@code {"set":true,"infinite":false,"number":N}}, which
   * is accepted too. {@code fallback} when absent or not set.
   */
  long number(JsonNode node, String path, String field, long fallback, boolean required) {
    JsonNode value = node.get(field);
    if (value != null && value.isObject()) {
      value = value.path("set").asBoolean(true) ? value.get("number") : null;
    }
    if (value == null || value.isNull()) {
      if (required) {
        throw fail(join(path, field), "missing");
      }
      return fallback;
    }
    if (!value.canConvertToLong() || !value.isIntegralNumber()) {
      throw fail(join(path, field), "expected a whole number, got " + value);
    }
    return value.asLong();
  }

  /**
   * A limit that may be infinite: 22.05 writes null (or Slurm's INFINITE, 0xFFFFFFFF) for none,
   * 23.02+ {@code {"set":true,"infinite":true,...}}. Returns -1 for none or infinite.
   */
  long limit(JsonNode node, String path, String field) {
    JsonNode value = node.get(field);
    if (value != null && value.isObject() && value.path("infinite").asBoolean(false)) {
      return -1;
    }
    long n = number(node, path, field, -1, false);
    return n >= 0xFFFFFFFEL ? -1 : n;
  }

  /**
   * A state: 22.05 writes a string, 23.02+ an array whose first element is the base state and the
   * rest flags. Returns base first, then the flags; never empty.
   */
  List<String> state(JsonNode node, String path, String field) {
    JsonNode value = node.get(field);
    List<String> words = new ArrayList<>();
    if (value != null && value.isTextual()) {
      words.add(value.asText());
    } else if (value != null && value.isArray()) {
      value.forEach(v -> words.add(v.asText()));
    } else if (value != null && !value.isNull()) {
      throw fail(join(path, field), "expected a string or an array of strings");
    }
    if (words.isEmpty() || words.get(0).isBlank()) {
      throw fail(join(path, field), "missing");
    }
    return words;
  }

  List<String> strings(JsonNode node, String field) {
    List<String> out = new ArrayList<>();
    JsonNode value = node.get(field);
    if (value != null && value.isArray()) {
      value.forEach(v -> out.add(v.asText()));
    }
    return out;
  }

  /**
   * A list Slurm writes as one comma-separated string (22.05: {@code "h100,spot"}) or as an array
   * (later releases); empty when missing or null.
   */
  List<String> commaList(JsonNode node, String path, String field) {
    JsonNode value = node.get(field);
    List<String> out = new ArrayList<>();
    if (value == null || value.isNull()) {
      return out;
    }
    if (value.isTextual()) {
      for (String item : value.asText().split(",")) {
        if (!item.isBlank()) {
          out.add(item.strip());
        }
      }
    } else if (value.isArray()) {
      value.forEach(v -> out.add(v.asText()));
    } else {
      throw fail(join(path, field), "expected a comma-separated string or an array of strings");
    }
    return out;
  }

  /** Slurm's {@code errors} array: a non-empty one means the command failed. */
  void checkNoErrors(JsonNode root) {
    JsonNode errors = root.get("errors");
    if (errors != null && errors.isArray() && !errors.isEmpty()) {
      throw fail("errors", errors.toString());
    }
  }

  RuntimeException fail(String path, String problem) {
    return error.apply(document + ": " + (path.isEmpty() ? "" : path + ": ") + problem);
  }

  static String join(String path, String field) {
    return path.isEmpty() ? field : path + "." + field;
  }
}
