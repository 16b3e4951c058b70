package dev.stratus.simulator.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.plan.Action;
import dev.stratus.wire.InterruptionNotice;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Every way a replay's controller learned something or acted on the world (each call to Slurm, a
 * provider, the spool or the checkpoints, with its arguments and answer), and each step the replay
 * drove it through, in the order they happened: recorded from one controller, played back to
 * another, which must ask the same, in the same order, and plan the same.
 */
final class Tape {
  /** One call: who, what, with which arguments, and what it answered. */
  record Call(String channel, String method, List<Object> args, Object answer) {}

  /** One step the replay drove the controller through, after the calls it made. */
  record Step(String kind, Instant at, Object input, List<Action> actions) {}

  private final List<Object> entries = new ArrayList<>();
  private int next;
  private boolean playing;

  /** Records (recording) or answers from the tape (playing back) one call. */
  @SuppressWarnings("unchecked")
  <T> T call(String channel, String method, Supplier<T> real, Object... args) {
    List<Object> arguments = Arrays.asList(args);
    if (!playing) {
      T answer = real.get();
      entries.add(new Call(channel, method, arguments, answer));
      return answer;
    }
    assertThat(next)
        .as("the played-back controller called %s.%s past the tape", channel, method)
        .isLessThan(entries.size());
    Object expected = entries.get(next++);
    assertThat(expected).as("entry %d", next - 1).isInstanceOf(Call.class);
    Call c = (Call) expected;
    assertThat(List.of(channel, method, arguments))
        .as("call %d", next - 1)
        .isEqualTo(List.of(c.channel(), c.method(), c.args()));
    return (T) c.answer();
  }

  void step(String kind, Instant at, Object input, List<Action> actions) {
    entries.add(new Step(kind, at, input, List.copyOf(actions)));
  }

  /** Switches to playing back from the start; returns the steps to drive the second controller. */
  List<Step> playBack() {
    playing = true;
    next = 0;
    return entries.stream().filter(Step.class::isInstance).map(Step.class::cast).toList();
  }

  /** Playing back: the next entry is {@code step}, every call before it having been made. */
  void reached(Step step) {
    assertThat(entries.get(next)).as("entry %d", next).isEqualTo(step);
    next++;
  }

  int calls() {
    return (int) entries.stream().filter(Call.class::isInstance).count();
  }

  int size() {
    return entries.size();
  }

  int position() {
    return next;
  }

  /** A notice the replay handed the controller. */
  static Step received(Instant at, InterruptionNotice notice) {
    return new Step("received", at, notice, List.of());
  }
}
