import {
  createEpisodeSchema,
  episodeChunkSchema,
  episodeDownloadSchema,
  episodeNumberRefSchema,
  setTranscriptSchema,
  type EpisodeTranscript,
  episodeQuerySchema,
  episodeRefSchema,
  episodeSearchSchema,
  type EpisodeSearchResult,
  episodeViewSchema,
  MediaSubjects,
  updateEpisodeSchema,
  replaceEpisodeFilesSchema,
  type ReplacedEpisodeFiles,
  type DeletedEpisode,
  type EpisodeChunk,
  type EpisodeDownloadResult,
  type EpisodePage,
  type EpisodeViewResult,
  type PodcastEpisode,
} from '@km/contracts/media';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EpisodeSearchService } from './episode-search.service';
import { EpisodesService } from './episodes.service';

/** NATS patterns only; the gateway has already decided who may call what. */
@Controller()
export class EpisodesHandlers {
  constructor(
    private readonly episodes: EpisodesService,
    private readonly searches: EpisodeSearchService,
  ) {}

  @MessagePattern(MediaSubjects.episodesSearch)
  search(@Payload() payload: unknown): Promise<EpisodeSearchResult> {
    return this.searches.search(parseOrThrow(episodeSearchSchema, payload).q);
  }

  @MessagePattern(MediaSubjects.episodesList)
  list(@Payload() payload: unknown): Promise<EpisodePage> {
    return this.episodes.list(parseOrThrow(episodeQuerySchema, payload));
  }

  @MessagePattern(MediaSubjects.episodesListChunk)
  listChunk(@Payload() payload: unknown): Promise<EpisodeChunk> {
    return this.episodes.listChunk(parseOrThrow(episodeChunkSchema, payload));
  }

  @MessagePattern(MediaSubjects.episodesGet)
  get(@Payload() payload: unknown): Promise<PodcastEpisode> {
    return this.episodes.get(parseOrThrow(episodeRefSchema, payload).id);
  }

  @MessagePattern(MediaSubjects.episodesByNumber)
  byNumber(@Payload() payload: unknown): Promise<PodcastEpisode> {
    return this.episodes.byNumber(parseOrThrow(episodeNumberRefSchema, payload).episodeNumber);
  }

  @MessagePattern(MediaSubjects.transcriptSet)
  setTranscript(@Payload() payload: unknown): Promise<PodcastEpisode> {
    return this.episodes.setTranscript(parseOrThrow(setTranscriptSchema, payload));
  }

  @MessagePattern(MediaSubjects.transcriptGet)
  transcript(@Payload() payload: unknown): Promise<EpisodeTranscript> {
    return this.episodes.transcript(parseOrThrow(episodeRefSchema, payload).id);
  }

  @MessagePattern(MediaSubjects.episodesCreate)
  create(@Payload() payload: unknown): Promise<PodcastEpisode> {
    return this.episodes.create(parseOrThrow(createEpisodeSchema, payload));
  }

  @MessagePattern(MediaSubjects.episodesUpdate)
  update(@Payload() payload: unknown): Promise<PodcastEpisode> {
    return this.episodes.update(parseOrThrow(updateEpisodeSchema, payload));
  }

  @MessagePattern(MediaSubjects.episodesReplaceFiles)
  replaceFiles(@Payload() payload: unknown): Promise<ReplacedEpisodeFiles> {
    return this.episodes.replaceFiles(parseOrThrow(replaceEpisodeFilesSchema, payload));
  }

  @MessagePattern(MediaSubjects.episodesDelete)
  delete(@Payload() payload: unknown): Promise<DeletedEpisode> {
    return this.episodes.delete(parseOrThrow(episodeRefSchema, payload).id);
  }

  @MessagePattern(MediaSubjects.episodesDownload)
  download(@Payload() payload: unknown): Promise<EpisodeDownloadResult> {
    return this.episodes.download(parseOrThrow(episodeDownloadSchema, payload));
  }

  @MessagePattern(MediaSubjects.episodesView)
  view(@Payload() payload: unknown): Promise<EpisodeViewResult> {
    const { id, visitor } = parseOrThrow(episodeViewSchema, payload);
    return this.episodes.view(id, visitor);
  }
}
