# For running a Ruby exercise's tests by hand (docs/runners.md): loaded with `ruby -r` before
# the test file, it runs Minitest with minitest-reporters' JUnit reporter and writes one JUnit
# file, JUNIT_FILE (default: results.xml in the current directory), for
# `exercism_test_helper --combine`. The reporter's own messages go to stderr, so that stdout
# holds only what the tests print.
require 'fileutils'
require 'minitest/autorun'
require 'minitest/reporters'
require 'tmpdir'

class ExercismJUnitReporter < Minitest::Reporters::JUnitReporter
  def initialize(file)
    @file = File.expand_path(file)
    super(Dir.mktmpdir)
  end

  def puts(*args)
    $stderr.puts(*args)
  end

  # The reporter writes a file per test class into its directory: one file holds them all.
  def report
    super
    suites = Dir[File.join(@reports_path, '*.xml')].sort.map do |path|
      File.read(path).sub(/\A<\?xml[^>]*>\s*/, '')
    end
    File.write(@file, %(<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n#{suites.join}</testsuites>\n))
    FileUtils.remove_entry(@reports_path)
  end
end

Minitest::Reporters.use! [ExercismJUnitReporter.new(ENV.fetch('JUNIT_FILE', 'results.xml'))]
