package dev.stratus.spot;

import dev.stratus.wire.NoticeState;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the sink whether the node of a reported event may go ({@link NoticeSink#state}), once per
 * poll, and logs an event's answer only when it changes: the watchers poll every second or few.
 * Empty when the sink could not be asked.
 */
final class ReleaseCheck {
  private static final Logger log = LoggerFactory.getLogger(ReleaseCheck.class);
  private static final String UNREACHABLE = "unreachable";

  private final NoticeSink sink;
  private final Map<String, String> lastAnswer = new HashMap<>();

  ReleaseCheck(NoticeSink sink) {
    this.sink = sink;
  }

  Optional<NoticeState> ask(String eventId, String instanceId) {
    Optional<NoticeState> state;
    String problem = "";
    try {
      state = Optional.of(sink.state(instanceId));
    } catch (IOException | RuntimeException e) {
      state = Optional.empty();
      problem = e.getMessage();
    }
    String answer = state.map(NoticeState::wireName).orElse(UNREACHABLE);
    if (!answer.equals(lastAnswer.put(eventId, answer))) {
      logChange(eventId, instanceId, state, problem);
    }
    return state;
  }

  /** The event was acknowledged: nothing more to ask or log about it. */
  void forget(String eventId) {
    lastAnswer.remove(eventId);
  }

  private static void logChange(
      String eventId, String instanceId, Optional<NoticeState> state, String problem) {
    if (state.isEmpty()) {
      log.warn(
          "cannot ask the controller whether {} may go (event {}): not acknowledging or reporting"
              + " it again; the cloud goes ahead at its deadline anyway: {}",
          instanceId,
          eventId,
          problem);
      return;
    }
    switch (state.get()) {
      case ACTING ->
          log.info(
              "the controller is still acting on the notice for {} (event {})",
              instanceId,
              eventId);
      case RELEASED -> log.info("the controller released {} (event {})", instanceId, eventId);
      case UNKNOWN ->
          log.warn(
              "the controller knows no notice for {} (restarted?): reporting event {} again",
              instanceId,
              eventId);
    }
  }
}
