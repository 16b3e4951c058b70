package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.plan.Action;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A new kind of Action cannot be dropped silently: every permitted subtype has a handler. */
class ActuatorDispatchTest extends ControllerFixture {
  @Test
  void everyPermittedActionSubtypeHasAHandler() {
    Actuator actuator = controller.actuator();

    assertThat(actuator.handledTypes())
        .containsExactlyInAnyOrder(Action.class.getPermittedSubclasses());
  }

  @Test
  void aHandlerTableMissingAnActionTypeIsRefusedNamingIt() {
    ActionHandlers<Object> partial =
        new ActionHandlers<>()
            .on(Action.Ack.class, (a, c) -> {})
            .on(Action.Drain.class, (d, c) -> {});

    assertThatThrownBy(partial::complete)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Launch")
        .hasMessageContaining("ReportIgnored")
        .hasMessageNotContaining("Ack,");
  }

  @Test
  void anActionIsCarriedOutByTheHandlerOfItsOwnType() {
    StringBuilder seen = new StringBuilder();
    ActionHandlers<StringBuilder> table =
        new ActionHandlers<StringBuilder>()
            .on(Action.Drain.class, (d, out) -> out.append("drain ").append(d.nodes()))
            .on(Action.Ack.class, (a, out) -> out.append("ack ").append(a.requestId()));

    table.handle(new Action.Drain(List.of("gpu-001"), "r"), seen);
    table.handle(new Action.Ack("req-1", "r"), seen);

    assertThat(seen).hasToString("drain [gpu-001]ack req-1");
  }
}
