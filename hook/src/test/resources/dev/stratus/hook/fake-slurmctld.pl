#!/usr/bin/perl
# fake-slurmctld.pl PROGRAM HOSTLIST SLURM_CONF [RESUME_FILE]
# Runs PROGRAM the way slurmctld 22.05's power_save.c does (docs/slurm-facts.md, "Power-saving programs"): environment
# of only SLURM_CONF (+ SLURM_RESUME_FILE), fds 0-2 closed, HUP INT QUIT ABRT USR1 USR2 PIPE ALRM
# TERM TSTP XCPU blocked. RESUME_FILE is opened here and unlinked, so the program can only reach
# it as /proc/<this pid>/fd/N, like slurmctld's memfd. Exits with PROGRAM's exit status.
use strict;
use POSIX ();
my ($prog, $hostlist, $conf, $resume) = @ARGV;
my %env = (SLURM_CONF => $conf);
my $fh;
if (defined $resume) {
  open($fh, '<', $resume) or die "open $resume: $!";
  unlink $resume or die "unlink $resume: $!";
  $env{SLURM_RESUME_FILE} = "/proc/$$/fd/" . fileno($fh);
}
my $set = POSIX::SigSet->new(map { POSIX->can("SIG$_")->() }
                             qw(HUP INT QUIT ABRT USR1 USR2 PIPE ALRM TERM TSTP XCPU));
POSIX::sigprocmask(POSIX::SIG_BLOCK(), $set) or die "sigprocmask: $!";
my $pid = fork() // die "fork: $!";
if ($pid == 0) {
  %ENV = %env;
  POSIX::close($_) for 0 .. 2;
  exec { $prog } $prog, $hostlist;
  POSIX::_exit(127);
}
waitpid($pid, 0);
exit(($? & 127) ? 128 + ($? & 127) : $? >> 8);
