import { FormsSubjects, type FormReceipt, type ManuscriptFile } from '@km/contracts';
import { AppError, Public, RpcClient } from '@km/nest-kit';
import { ObjectStorage, type ReceivedFile, receiveMultipart } from '@km/nest-kit/storage';
import { Controller, Get, Logger, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pipeline } from 'node:stream/promises';
import { RequireAdmin } from '../auth/guards';
import { bookSubmissionFormSchema, MANUSCRIPT_POLICY, parseBookSubmissionForm } from './book-submission-form';
import { FormsBudgeted, ManuscriptBudgeted } from '../http/budget-guards';
import { RateLimits } from '../http/rate-limits';
import { inboxRoutes } from './inbox-routes';
import { manuscriptFilename } from './manuscript-filename';
import { create as contentDisposition } from 'content-disposition';
import { takeOver } from '../http/raw-reply';

@ApiTags('forms')
@Controller('api/book-submissions')
export class BookSubmissionsController extends inboxRoutes('book', 'book submissions') {
  private readonly logger = new Logger('BookSubmissions');

  constructor(
    rpc: RpcClient,
    private readonly storage: ObjectStorage,
    private readonly limits: RateLimits,
  ) {
    super(rpc);
  }

  @Post()
  @Public()
  @FormsBudgeted()
  @ManuscriptBudgeted()
  @ApiOperation({
    summary:
      'Submit a manuscript (anyone): multipart form with every field required. 413 over 50 MB, 415 unless the content is PDF or DOCX; a refused submission stores nothing.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: bookSubmissionFormSchema })
  async create(@Req() req: FastifyRequest): Promise<FormReceipt> {
    let form: Awaited<ReturnType<typeof receiveMultipart>>;
    try {
      form = await receiveMultipart(req.raw, this.storage, { files: { manuscript: MANUSCRIPT_POLICY }, maxFields: 20 });
    } catch (error) {
      await this.limits.refundManuscriptUpload();
      throw error;
    }
    try {
      const { fields, manuscript: file } = parseBookSubmissionForm(form);
      const manuscript: ManuscriptFile = {
        key: file.key,
        // The key's extension is the kind sniffed from the content (pdf or docx).
        filename: manuscriptFilename(file.filename, file.key.slice(file.key.lastIndexOf('.') + 1)),
        size: file.size,
        contentType: file.contentType as ManuscriptFile['contentType'],
      };
      return await this.rpc.send(FormsSubjects.book.create, { ...fields, manuscript });
    } catch (error) {
      if (await this.discard(form.files.manuscript, error)) await this.limits.refundManuscriptUpload();
      throw error;
    }
  }

  @Get(':id/manuscript')
  @RequireAdmin()
  @ApiOperation({ summary: 'Download the manuscript of a book submission (admin), under the name the author gave it. Manuscripts are never public.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  async manuscript(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.rpc.send(FormsSubjects.bookManuscript, { id });
    const object = await this.storage.read(file.key);
    if (!object) throw new AppError('not_found', 'The manuscript file of this submission is missing from storage.');
    reply.header('Content-Disposition', contentDisposition(file.filename));
    reply.header('Content-Type', file.contentType);
    reply.header('Content-Length', String(object.length));
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    const res = takeOver(reply, 200);
    try {
      await pipeline(object.body, res);
    } catch (error) {
      this.logger.debug(`sending ${file.key} stopped: ${String(error)}`);
      res.destroy();
    }
  }

  /**
   * Deletes the upload of a submission that failed. Not when the forms service did not answer in time: it may
   * still have saved the submission with this manuscript, and a stray object is the lesser harm.
   */
  /** Whether nothing of the submission is kept (so its slot of the shared upload budget can be given back). */
  private async discard(file: ReceivedFile | undefined, error: unknown): Promise<boolean> {
    if (!file) return true;
    if (error instanceof AppError && error.code === 'unavailable') {
      this.logger.warn(`keeping ${file.key}: the forms service did not answer, so the submission may have been saved with it`);
      return false;
    }
    await this.storage.delete(file.key).catch((e) => this.logger.warn(`could not delete the unused upload ${file.key}: ${String(e)}`));
    return true;
  }
}
