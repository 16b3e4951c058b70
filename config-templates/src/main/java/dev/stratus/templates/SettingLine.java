package dev.stratus.templates;

import static dev.stratus.templates.ViewChecks.text;
import static dev.stratus.templates.ViewChecks.word;

/**
 * One global {@code Key=Value} line of the include, with a comment written above it ("" for none).
 * The value is one word (a path, a number, a comma-separated list).
 */
public record SettingLine(String comment, String key, String value) {
  public SettingLine {
    text("comment", comment);
    word("key", key);
    word("value", value);
  }
}
