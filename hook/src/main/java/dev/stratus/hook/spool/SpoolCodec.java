package dev.stratus.hook.spool;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON form of a {@link SpoolRequest} (format version 1):
 *
 * <pre>{"version":1,"id":"...","kind":"resume","nodes":["gpu-001"],
 *  "jobs":[{"job_id":7,"nodes":"gpu-001"}],"received_at":"2026-11-21T13:05:01.123Z"}</pre>
 *
 * <p>Streaming jackson-core only, not databind: this runs in the hook, where every class loaded
 * adds to the JVM's start time (databind costs ~250 ms of CPU more, measured). Unknown fields are
 * ignored so a newer writer does not break an older reader.
 */
final class SpoolCodec {
  static final int VERSION = 1;
  private static final JsonFactory JSON = new JsonFactory();

  private SpoolCodec() {}

  static byte[] encode(SpoolRequest r) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      g.writeNumberField("version", VERSION);
      g.writeStringField("id", r.id());
      g.writeStringField("kind", r.kind().cliName());
      g.writeArrayFieldStart("nodes");
      for (String n : r.nodes()) {
        g.writeString(n);
      }
      g.writeEndArray();
      g.writeArrayFieldStart("jobs");
      for (ResumeFile.JobNodes j : r.jobs()) {
        g.writeStartObject();
        g.writeNumberField("job_id", j.jobId());
        g.writeStringField("nodes", j.nodes());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeStringField("received_at", r.receivedAt().toString());
      g.writeEndObject();
    }
    out.write('\n');
    return out.toByteArray();
  }

  /** Throws IOException (bad JSON) or IllegalArgumentException (bad content), naming the field. */
  static SpoolRequest decode(byte[] bytes) throws IOException {
    try (JsonParser p = JSON.createParser(bytes)) {
      expect(p, p.nextToken(), JsonToken.START_OBJECT, "a spool request");
      Integer version = null;
      String id = null;
      String kind = null;
      String receivedAt = null;
      List<String> nodes = List.of();
      List<ResumeFile.JobNodes> jobs = List.of();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken t = p.nextToken();
        switch (field) {
          case "version" -> version = p.getValueAsInt(-1);
          case "id" -> id = p.getValueAsString();
          case "kind" -> kind = p.getValueAsString();
          case "received_at" -> receivedAt = p.getValueAsString();
          case "nodes" -> nodes = strings(p, t);
          case "jobs" -> jobs = jobs(p, t);
          default -> p.skipChildren();
        }
      }
      if (version == null || version != VERSION) {
        throw new IllegalArgumentException(
            "spool format version " + version + " is not supported (expected " + VERSION + ")");
      }
      if (receivedAt == null) {
        throw new IllegalArgumentException("received_at is missing");
      }
      if (kind == null) {
        throw new IllegalArgumentException("kind is missing");
      }
      return new SpoolRequest(id, HookKind.fromCli(kind), nodes, jobs, Instant.parse(receivedAt));
    }
  }

  private static List<String> strings(JsonParser p, JsonToken t) throws IOException {
    expect(p, t, JsonToken.START_ARRAY, "nodes");
    List<String> out = new ArrayList<>();
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      expect(p, t, JsonToken.VALUE_STRING, "a node name");
      out.add(p.getText());
    }
    return out;
  }

  private static List<ResumeFile.JobNodes> jobs(JsonParser p, JsonToken t) throws IOException {
    expect(p, t, JsonToken.START_ARRAY, "jobs");
    List<ResumeFile.JobNodes> out = new ArrayList<>();
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      expect(p, t, JsonToken.START_OBJECT, "a job");
      long jobId = 0;
      String nodes = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        p.nextToken();
        switch (field) {
          case "job_id" -> jobId = p.getValueAsLong(0);
          case "nodes" -> nodes = p.getValueAsString();
          default -> p.skipChildren();
        }
      }
      out.add(new ResumeFile.JobNodes(jobId, nodes));
    }
    return out;
  }

  static void expect(JsonParser p, JsonToken got, JsonToken want, String what) throws IOException {
    if (got != want) {
      throw new IllegalArgumentException(
          "expected "
              + what
              + " ("
              + want.asString()
              + ") but found "
              + got
              + " at line "
              + p.currentLocation().getLineNr()
              + ", column "
              + p.currentLocation().getColumnNr());
    }
  }
}
