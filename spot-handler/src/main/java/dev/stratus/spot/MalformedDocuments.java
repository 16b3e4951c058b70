package dev.stratus.spot;

import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs a parser; a malformed document is logged as an error and becomes "no notice". */
final class MalformedDocuments {
  private static final Logger log = LoggerFactory.getLogger(MalformedDocuments.class);

  private MalformedDocuments() {}

  static <T> Optional<T> parse(Supplier<T> parser) {
    try {
      return Optional.of(parser.get());
    } catch (NoticeFormatException e) {
      log.error("ignoring a malformed metadata document, no action taken: {}", e.getMessage());
      return Optional.empty();
    }
  }
}
