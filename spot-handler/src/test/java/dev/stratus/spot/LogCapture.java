package dev.stratus.spot;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/** Collects what one class logs, for tests that check a failure was reported (and how often). */
final class LogCapture implements AutoCloseable {
  private final Logger logger;
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

  LogCapture(Class<?> source) {
    logger = (Logger) LoggerFactory.getLogger(source);
    appender.start();
    logger.addAppender(appender);
  }

  List<String> errors() {
    return at(Level.ERROR);
  }

  List<String> warnings() {
    return at(Level.WARN);
  }

  /** Every line, whatever its level. */
  List<String> lines() {
    return appender.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
  }

  private List<String> at(Level level) {
    return appender.list.stream()
        .filter(e -> e.getLevel() == level)
        .map(ILoggingEvent::getFormattedMessage)
        .toList();
  }

  @Override
  public void close() {
    logger.detachAppender(appender);
  }
}
