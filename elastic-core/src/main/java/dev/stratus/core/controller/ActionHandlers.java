package dev.stratus.core.controller;

import dev.stratus.core.plan.Action;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One handler per {@link Action} subtype. {@link #complete()} refuses a table that misses one of
 * the sealed interface's permitted subtypes, so a new kind of action cannot be dropped silently:
 * the Actuator checks it when it is built, before the first pass.
 *
 * @param <C> what every handler of one {@code execute} call shares (the pass's context)
 */
final class ActionHandlers<C> {
  /** Carries out one action of type {@code A}. */
  @FunctionalInterface
  interface Handler<A extends Action, C> {
    void handle(A action, C context);
  }

  private final Map<Class<?>, Handler<?, C>> byType = new HashMap<>();

  <A extends Action> ActionHandlers<C> on(Class<A> type, Handler<A, C> handler) {
    if (byType.put(type, handler) != null) {
      throw new IllegalStateException("two handlers for " + type.getSimpleName());
    }
    return this;
  }

  /**
   * @throws IllegalStateException naming every permitted subtype of Action without a handler
   */
  ActionHandlers<C> complete() {
    Set<String> missing = new TreeSet<>();
    for (Class<?> type : Action.class.getPermittedSubclasses()) {
      if (!byType.containsKey(type)) {
        missing.add(type.getSimpleName());
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalStateException("no handler for action(s) " + missing);
    }
    return this;
  }

  Set<Class<?>> handledTypes() {
    return Set.copyOf(byType.keySet());
  }

  @SuppressWarnings("unchecked") // on() pairs each type with a handler of that type
  <A extends Action> void handle(A action, C context) {
    Handler<A, C> handler = (Handler<A, C>) byType.get(action.getClass());
    if (handler == null) {
      throw new IllegalStateException(
          "no handler for "
              + action.getClass().getSimpleName()
              + " (handled: "
              + Arrays.toString(byType.keySet().stream().map(Class::getSimpleName).toArray())
              + ")");
    }
    handler.handle(action, context);
  }
}
