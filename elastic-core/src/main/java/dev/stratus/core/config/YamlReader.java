package dev.stratus.core.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.stratus.core.config.YamlNode.Entry;
import dev.stratus.core.config.YamlNode.ListNode;
import dev.stratus.core.config.YamlNode.MapNode;
import dev.stratus.core.config.YamlNode.Mark;
import dev.stratus.core.config.YamlNode.Scalar;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Parses one YAML document into a {@link YamlNode} tree with Jackson's streaming YAML parser. */
final class YamlReader {
  private static final YAMLFactory FACTORY = new YAMLFactory();

  private YamlReader() {}

  /**
   * @param name the file name used in error messages
   * @throws ConfigException on a YAML syntax error, a duplicate key, or more than one document
   */
  static YamlNode parse(String name, String text) {
    try (JsonParser p = FACTORY.createParser(text)) {
      if (p.nextToken() == null) {
        throw new ConfigException(name, 0, 0, "", "the file is empty");
      }
      YamlNode root = read(name, p);
      if (p.nextToken() != null) {
        Mark m = mark(p.currentTokenLocation());
        throw new ConfigException(name, m.line(), m.column(), "", "only one YAML document allowed");
      }
      return root;
    } catch (JsonProcessingException e) {
      JsonLocation loc = e.getLocation();
      Mark m = loc == null ? new Mark(0, 0) : mark(loc);
      throw new ConfigException(name, m.line(), m.column(), "", oneLine(e.getOriginalMessage()));
    } catch (IOException e) {
      throw new ConfigException(name, 0, 0, "", "cannot parse: " + e.getMessage());
    }
  }

  private static YamlNode read(String name, JsonParser p) throws IOException {
    Mark mark = mark(p.currentTokenLocation());
    JsonToken token = p.currentToken();
    switch (token) {
      case START_OBJECT -> {
        Map<String, Entry> entries = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String key = p.currentName();
          Mark keyMark = mark(p.currentTokenLocation());
          p.nextToken();
          if (entries.putIfAbsent(key, new Entry(keyMark, read(name, p))) != null) {
            throw new ConfigException(
                name, keyMark.line(), keyMark.column(), "", "duplicate key '" + key + "'");
          }
        }
        return new MapNode(mark, entries);
      }
      case START_ARRAY -> {
        List<YamlNode> items = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          items.add(read(name, p));
        }
        return new ListNode(mark, items);
      }
      case VALUE_STRING -> {
        return new Scalar(mark, Scalar.Kind.STRING, p.getText());
      }
      case VALUE_NUMBER_INT -> {
        return new Scalar(mark, Scalar.Kind.INTEGER, p.getText());
      }
      case VALUE_NUMBER_FLOAT -> {
        return new Scalar(mark, Scalar.Kind.DECIMAL, p.getText());
      }
      case VALUE_TRUE, VALUE_FALSE -> {
        return new Scalar(mark, Scalar.Kind.BOOLEAN, p.getText());
      }
      case VALUE_NULL -> {
        return new Scalar(mark, Scalar.Kind.NULL, "");
      }
      default ->
          throw new ConfigException(
              name, mark.line(), mark.column(), "", "unexpected YAML element " + token);
    }
  }

  /**
   * The YAML library's message spans several lines (echoing the source with a caret under it); keep
   * only its unindented lines, which say what is wrong, since we already give the position.
   */
  static String oneLine(String message) {
    String kept =
        message
            .lines()
            .filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0)))
            .collect(Collectors.joining(": "));
    return kept.isEmpty() ? message.strip() : kept;
  }

  private static Mark mark(JsonLocation loc) {
    return new Mark(loc.getLineNr(), loc.getColumnNr());
  }
}
