package dev.stratus.core.spi;

import java.util.List;

/**
 * Optional capability behind {@code stratus providers check}: read-only calls that prove the
 * credentials, the region and the permissions Stratus needs, without launching anything.
 */
public interface ProviderCheck {
  /** One line of the report. {@code detail} says what was called and, on failure, the fix. */
  record Result(String what, boolean ok, String detail) {}

  List<Result> check();
}
