package dev.stratus.core.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ResumeFileParserTest {
  @Test
  void reads2205FieldNames() {
    ResumeFile file = ResumeFileParser.parse(Samples.read("22.05/resume.json"));

    assertThat(file.jobs()).containsExactly(new ResumeFile.JobNodes(1, "gpu-[001-002]"));
    assertThat(file.allNodes()).isEqualTo("gpu-[001-002]");
  }

  @Test
  void reads2302FieldNamesAndIgnoresTheirExtraFields() {
    ResumeFile file = ResumeFileParser.parse(Samples.read("23.02/resume.json"));

    assertThat(file.jobs())
        .containsExactly(
            new ResumeFile.JobNodes(12, "gpu-[001-002]"), new ResumeFile.JobNodes(13, "gpu-003"));
    assertThat(file.allNodes()).isEqualTo("gpu-[001-003]");
  }

  @Test
  void aResumeWithoutJobsKeepsTheNodes() {
    ResumeFile file = ResumeFileParser.parse("{\"all_nodes\":\"gpu-004\",\"jobs\":[]}");

    assertThat(file.jobs()).isEmpty();
    assertThat(file.allNodes()).isEqualTo("gpu-004");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "''                                     | SLURM_RESUME_FILE: empty document",
        "'{\"jobs\":[{\"nodes\":\"a1\"}]}'      | SLURM_RESUME_FILE: jobs[0].job_id: missing",
        "'{\"jobs\":[{\"job_id\":3}]}'          | jobs[0](job 3): neither 'nodes_resume' nor 'nodes' is set",
        "'{\"jobs\":{}}'                        | SLURM_RESUME_FILE: jobs: expected an array",
        "'{}'                                   | neither 'all_nodes_resume' nor 'all_nodes' nor 'jobs'",
        "'{\"all_nodes\":[1]}'                  | all_nodes: expected text",
      })
  void badFilesNameTheField(String json, String message) {
    assertThatThrownBy(() -> ResumeFileParser.parse(json))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }
}
