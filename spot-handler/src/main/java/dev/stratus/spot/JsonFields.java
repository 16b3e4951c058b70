package dev.stratus.spot;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * Reads required fields out of a metadata JSON document; every failure names document and field.
 */
final class JsonFields {
  static final ObjectMapper MAPPER = new ObjectMapper();
  static final String WHOLE = "(document)";

  private final String document;

  JsonFields(String document) {
    this.document = document;
  }

  JsonNode object(String body) {
    if (body == null || body.isBlank()) {
      throw fail(WHOLE, "is empty");
    }
    JsonNode node;
    try {
      node = MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      throw fail(
          WHOLE,
          "is not JSON (line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr()
              + ")");
    }
    if (node == null || !node.isObject()) {
      throw fail(WHOLE, "is not a JSON object");
    }
    return node;
  }

  /** A required, non-blank text field. */
  String text(JsonNode parent, String field) {
    JsonNode v = parent.get(field);
    if (v == null || v.isNull()) {
      throw fail(field, "is missing");
    }
    if (!v.isTextual() || v.asText().isBlank()) {
      throw fail(field, "must be a non-empty string, got " + v);
    }
    return v.asText();
  }

  /** A text field that may be absent, null or empty (then ""). */
  String optionalText(JsonNode parent, String field) {
    JsonNode v = parent.get(field);
    if (v == null || v.isNull()) {
      return "";
    }
    if (!v.isTextual()) {
      throw fail(field, "must be a string, got " + v);
    }
    return v.asText();
  }

  Instant isoInstant(JsonNode parent, String field) {
    String text = text(parent, field);
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw fail(field, "'" + text + "' is not an ISO-8601 UTC time like 2017-09-18T08:22:00Z");
    }
  }

  NoticeFormatException fail(String field, String problem) {
    return new NoticeFormatException(document, field, problem);
  }
}
