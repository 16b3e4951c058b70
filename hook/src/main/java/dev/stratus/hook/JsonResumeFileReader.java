package dev.stratus.hook;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.stratus.hook.spool.ResumeFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads SLURM_RESUME_FILE with the streaming jackson-core parser (cheap to load in the hook's JVM).
 * Accepts Slurm 22.05's {@code jobs[].nodes}/{@code all_nodes} and 23.02+'s {@code
 * jobs[].nodes_resume}/{@code all_nodes_resume} (preferred where both appear: 23.02 also writes
 * {@code nodes_alloc}, which holds nodes that are already up). Other fields are ignored. Example
 * (22.05): {@code {"jobs":[{"job_id":1,"nodes":"gpu-[001-002]"}],"all_nodes":"gpu-[001-002]"}}.
 */
final class JsonResumeFileReader implements ResumeFileReader {
  private static final JsonFactory JSON = new JsonFactory();

  @Override
  public ResumeFile parse(String json) {
    try {
      return read(json);
    } catch (IllegalArgumentException e) {
      // A refusal deep in a job ("nodes of job 8 must not be blank") still says which input it is.
      if (e.getMessage() != null && e.getMessage().contains("the resume file")) {
        throw e;
      }
      throw new IllegalArgumentException("the resume file: " + e.getMessage(), e);
    }
  }

  private static ResumeFile read(String json) {
    if (json == null || json.isBlank()) {
      throw new IllegalArgumentException("the resume file is empty");
    }
    try (JsonParser p = JSON.createParser(json)) {
      expect(p, p.nextToken(), JsonToken.START_OBJECT, "the resume file's top-level object");
      List<ResumeFile.JobNodes> jobs = null;
      String all = null;
      String allResume = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken t = p.nextToken();
        switch (field) {
          case "jobs" -> jobs = jobs(p, t);
          case "all_nodes" -> all = text(p, t, field);
          case "all_nodes_resume" -> allResume = text(p, t, field);
          default -> p.skipChildren();
        }
      }
      if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
        throw new IllegalArgumentException("the resume file has content after its object");
      }
      if (jobs == null && all == null && allResume == null) {
        throw new IllegalArgumentException(
            "the resume file has neither 'jobs' nor 'all_nodes'/'all_nodes_resume'");
      }
      return new ResumeFile(jobs == null ? List.of() : jobs, allResume != null ? allResume : all);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "the resume file is not JSON: "
              + e.getOriginalMessage()
              + " at line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr(),
          e);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // cannot happen: parsing a String
    }
  }

  private static List<ResumeFile.JobNodes> jobs(JsonParser p, JsonToken t) throws IOException {
    expect(p, t, JsonToken.START_ARRAY, "'jobs' as an array");
    List<ResumeFile.JobNodes> out = new ArrayList<>();
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      expect(p, t, JsonToken.START_OBJECT, "a job object in 'jobs'");
      Long jobId = null;
      String nodes = null;
      String nodesResume = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        t = p.nextToken();
        switch (field) {
          case "job_id" -> {
            expect(p, t, JsonToken.VALUE_NUMBER_INT, "'job_id' as an integer");
            jobId = p.getLongValue();
          }
          case "nodes" -> nodes = text(p, t, field);
          case "nodes_resume" -> nodesResume = text(p, t, field);
          default -> p.skipChildren();
        }
      }
      if (jobId == null) {
        throw new IllegalArgumentException("job #" + (out.size() + 1) + " has no 'job_id'");
      }
      out.add(new ResumeFile.JobNodes(jobId, nodesResume != null ? nodesResume : nodes));
    }
    return out;
  }

  private static String text(JsonParser p, JsonToken t, String field) throws IOException {
    if (t == JsonToken.VALUE_NULL) {
      return null;
    }
    expect(p, t, JsonToken.VALUE_STRING, "'" + field + "' as a string");
    return p.getText();
  }

  private static void expect(JsonParser p, JsonToken got, JsonToken want, String what) {
    if (got != want) {
      throw new IllegalArgumentException(
          "expected "
              + what
              + " but found "
              + (got == null
                  ? "the end of the input"
                  : got.asString() == null ? got : got.asString())
              + " at line "
              + p.currentLocation().getLineNr()
              + ", column "
              + p.currentLocation().getColumnNr());
    }
  }
}
