package dev.stratus.testkit;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.util.EnumMap;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Faults a cloud model's server injects into a share of its requests, drawn per request from a
 * seeded generator: a server error, a throttle (with {@code Retry-After} where the cloud sends
 * one), a connection reset before the request is applied, a reply lost or late after it was applied
 * (the call's effect happened; the client does not know), and on launch calls a capacity error. Off
 * (rate 0) until {@link #rate} says otherwise. Wraps the model's WireMock transformer, so the model
 * stays as strict as it was and only sees the requests that get through.
 */
public final class CloudChaos {
  public enum Kind {
    SERVER_ERROR,
    THROTTLED,
    RESET,
    REPLY_LOST,
    REPLY_LATE,
    CAPACITY
  }

  /** How one cloud spells these faults. */
  public interface Replies {
    ResponseDefinition serverError();

    /** Throttled, asking for {@code seconds} where the cloud sends Retry-After. */
    ResponseDefinition throttled(int seconds);

    boolean isLaunch(Request r);

    /** A launch that fails for capacity, as the cloud reports it (the model may be asked). */
    ResponseDefinition capacity(Request r, Supplier<ResponseDefinition> model);
  }

  private final Replies replies;
  private final Map<Kind, Integer> injected = new EnumMap<>(Kind.class);
  private Random random = new Random(1);
  private double rate;
  private int lateMillis = 3000;
  private int requests;

  public CloudChaos(Replies replies) {
    this.replies = replies;
  }

  /** From now on {@code rate} of the requests (0..1) get a fault, drawn from {@code seed}. */
  public synchronized CloudChaos rate(double rate, long seed) {
    this.rate = rate;
    this.random = new Random(seed);
    return this;
  }

  /** How late a late reply is (longer than the client's or the controller's call limit). */
  public synchronized CloudChaos lateMillis(int millis) {
    this.lateMillis = millis;
    return this;
  }

  public synchronized Map<Kind, Integer> injected() {
    return Map.copyOf(injected);
  }

  public synchronized int requests() {
    return requests;
  }

  /** {@code model} with this chaos in front of it (same name, same scope). */
  public ResponseDefinitionTransformerV2 around(ResponseDefinitionTransformerV2 model) {
    return new ResponseDefinitionTransformerV2() {
      @Override
      public String getName() {
        return model.getName();
      }

      @Override
      public boolean applyGlobally() {
        return model.applyGlobally();
      }

      @Override
      public ResponseDefinition transform(ServeEvent event) {
        return answer(event.getRequest(), () -> model.transform(event));
      }
    };
  }

  ResponseDefinition answer(Request r, Supplier<ResponseDefinition> model) {
    Kind kind = draw(r);
    if (kind == null) {
      return model.get();
    }
    return switch (kind) {
      case SERVER_ERROR -> replies.serverError();
      case THROTTLED -> replies.throttled(1 + seconds());
      case RESET ->
          ResponseDefinitionBuilder.responseDefinition()
              .withFault(Fault.CONNECTION_RESET_BY_PEER)
              .build();
      case REPLY_LOST ->
          ResponseDefinitionBuilder.like(model.get())
              .withFault(Fault.CONNECTION_RESET_BY_PEER)
              .build();
      case REPLY_LATE ->
          ResponseDefinitionBuilder.like(model.get()).withFixedDelay(lateMillis).build();
      case CAPACITY -> replies.capacity(r, model);
    };
  }

  private synchronized int seconds() {
    return random.nextInt(2);
  }

  private synchronized Kind draw(Request r) {
    requests++;
    if (rate <= 0 || random.nextDouble() >= rate) {
      return null;
    }
    // Launches are few: half of their faults are capacity errors, the usual way they fail.
    boolean launch = replies.isLaunch(r);
    Kind kind =
        launch && random.nextBoolean()
            ? Kind.CAPACITY
            : Kind.values()[random.nextInt(Kind.CAPACITY.ordinal())];
    injected.merge(kind, 1, Integer::sum);
    return kind;
  }
}
