package dev.stratus.core.slurm;

/** A Slurm command failed or printed something Stratus cannot read. */
public class SlurmCommandException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SlurmCommandException(String message) {
    super(message);
  }

  public SlurmCommandException(String message, Throwable cause) {
    super(message, cause);
  }
}
