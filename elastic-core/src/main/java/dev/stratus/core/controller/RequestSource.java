package dev.stratus.core.controller;

import dev.stratus.hook.spool.SpoolRequest;
import java.util.List;

/** Where hook requests wait until acted on (the spool). */
public interface RequestSource {
  /** Requests not yet acted on, oldest first. */
  List<SpoolRequest> pending();

  /** Called only once a request is fully acted on. Deleting an unknown id is a no-op. */
  void delete(String id);
}
