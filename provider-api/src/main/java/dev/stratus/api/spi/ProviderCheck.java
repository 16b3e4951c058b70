package dev.stratus.api.spi;

import java.util.List;

/**
 * Optional capability behind {@code stratus providers check}: read-only calls that prove the
 * credentials, the region and the permissions Stratus needs, without launching anything.
 *
 * <p>Contract: it creates, changes and deletes nothing (dry-run calls where the API has them); it
 * never throws for a failed check, which is a {@link Result} with {@code ok == false}; every call
 * it makes gets one line. It runs from the command line, never during a controller pass.
 */
public interface ProviderCheck {
  /** One line of the report. {@code detail} says what was called and, on failure, the fix. */
  record Result(String what, boolean ok, String detail) {}

  List<Result> check();
}
