package dev.stratus.core.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code SLURM_RESUME_FILE}. 22.05 writes {@code
 * {"jobs":[{"job_id":1,"nodes":"gpu-[001-002]"}], "all_nodes":"gpu-[001-002]"}}; 23.02+ spells the
 * fields {@code nodes_resume} / {@code all_nodes_resume} (and adds others, which are ignored).
 * Either spelling is accepted; the newer one wins when both are present.
 */
public final class ResumeFileParser {
  private ResumeFileParser() {}

  /**
   * @throws IllegalArgumentException naming the field when the document is not a resume file
   */
  public static ResumeFile parse(String json) {
    JsonDocument doc = new JsonDocument("SLURM_RESUME_FILE", IllegalArgumentException::new);
    JsonNode root = doc.parse(json);
    List<ResumeFile.JobNodes> jobs = new ArrayList<>();
    List<JsonNode> items = root.has("jobs") ? doc.array(root, "", "jobs") : List.of();
    for (int i = 0; i < items.size(); i++) {
      JsonNode item = items.get(i);
      String path = "jobs[" + i + "]";
      long id = doc.number(item, path, "job_id", 0, true);
      if (id <= 0) {
        throw doc.fail(path + ".job_id", "must be > 0, got " + id);
      }
      String nodes = either(doc, item, path, "nodes_resume", "nodes");
      if (nodes == null || nodes.isBlank()) {
        throw doc.fail(path + "(job " + id + ")", "neither 'nodes_resume' nor 'nodes' is set");
      }
      jobs.add(new ResumeFile.JobNodes(id, nodes));
    }
    String all = either(doc, root, "", "all_nodes_resume", "all_nodes");
    if ((all == null || all.isBlank()) && jobs.isEmpty()) {
      throw doc.fail("", "neither 'all_nodes_resume' nor 'all_nodes' nor 'jobs' is set");
    }
    return new ResumeFile(jobs, all);
  }

  private static String either(JsonDocument doc, JsonNode node, String path, String a, String b) {
    String first = doc.text(node, path, a);
    return first != null ? first : doc.text(node, path, b);
  }
}
