package dev.stratus.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.hook.spool.ResumeFile;
import dev.stratus.hook.spool.ResumeFile.JobNodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsonResumeFileReaderTest {
  final JsonResumeFileReader reader = new JsonResumeFileReader();

  @Test
  void readsThe2205Spelling() {
    ResumeFile f =
        reader.parse(
            "{\"jobs\":[{\"job_id\":1,\"nodes\":\"gpu-[001-002]\"},{\"job_id\":2,"
                + "\"nodes\":\"gpu-003\"}],\"all_nodes\":\"gpu-[001-003]\"}");

    assertThat(f.jobs())
        .containsExactly(new JobNodes(1, "gpu-[001-002]"), new JobNodes(2, "gpu-003"));
    assertThat(f.allNodes()).isEqualTo("gpu-[001-003]");
  }

  @Test
  void readsThe2302SpellingAndPrefersNodesResumeOverNodesAlloc() {
    ResumeFile f =
        reader.parse(
            "{\"all_nodes_resume\":\"cloud[1-3]\",\"jobs\":[{\"extra\":\"x\",\"features\":\"c1\","
                + "\"job_id\":140814,\"nodes_alloc\":\"cloud[1-4]\",\"nodes_resume\":\"cloud[1-3]\","
                + "\"oversubscribe\":\"OK\",\"partition\":\"cloud\",\"reservation\":null}]}");

    assertThat(f.jobs()).containsExactly(new JobNodes(140814, "cloud[1-3]"));
    assertThat(f.allNodes()).isEqualTo("cloud[1-3]");
  }

  @Test
  void readsTheFileARealSlurm2411Wrote() throws IOException {
    ResumeFile f = reader.parse(recorded("24.11/resume.json"));

    assertThat(f.jobs())
        .containsExactly(new JobNodes(6, "gpu-[001-002]"), new JobNodes(7, "gpu-001"));
    assertThat(f.allNodes()).isEqualTo("gpu-[001-002]");
  }

  @Test
  void aRequeuedJobOn2411AsksOnlyForTheNodesNotUpYet() throws IOException {
    ResumeFile f = reader.parse(recorded("24.11/resume-requeued.json"));

    assertThat(f.jobs()).containsExactly(new JobNodes(6, "gpu-003"));
    assertThat(f.allNodes()).isEqualTo("gpu-003");
  }

  /** A file recorded from real Slurm (test resources under slurm/, see their README). */
  private static String recorded(String path) throws IOException {
    try (var in = JsonResumeFileReaderTest.class.getResourceAsStream("/slurm/" + path)) {
      assertThat(in).as("test resource slurm/" + path).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void aPowerUpWithoutJobsHasNoJobs() {
    assertThat(reader.parse("{\"jobs\":[],\"all_nodes\":\"gpu-001\"}").jobs()).isEqualTo(List.of());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "{\"jobs\":[{\"job_id\":|the resume file is not JSON",
        "[]|expected the resume file's top-level object but found [",
        "{}|neither 'jobs' nor 'all_nodes'",
        "{\"jobs\":{}}|expected 'jobs' as an array",
        "{\"jobs\":[{\"nodes\":\"a\"}]}|job #1 has no 'job_id'",
        "{\"jobs\":[{\"job_id\":\"7\",\"nodes\":\"a\"}]}|expected 'job_id' as an integer",
        "{\"jobs\":[{\"job_id\":7}]}|the resume file: nodes of job 7 must not be blank",
        "{\"jobs\":[{\"job_id\":8,\"nodes_resume\":null}]}|the resume file: nodes of job 8 must not",
        "{\"jobs\":{}}|the resume file: expected 'jobs' as an array",
        "{\"jobs\":[{\"job_id\":0,\"nodes\":\"a\"}]}|job_id must be > 0",
        "{\"all_nodes\":\"a\"} {}|content after its object",
      })
  void malformedFilesAreRefusedSayingWhy(String json, String message) {
    assertThatThrownBy(() -> reader.parse(json))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @Test
  void anEmptyFileIsRefused() {
    assertThatThrownBy(() -> reader.parse(""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the resume file is empty");
  }
}
