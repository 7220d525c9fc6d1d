import { createHash } from 'node:crypto';
import {
  isMutualComplete,
  MUTUAL_IMAGE_MAX_BYTES,
  MUTUAL_IMAGE_TYPES,
  type MutualImage,
  type MutualProfile,
  type MutualProfileInput,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { detectImageType } from '../../lib/image-type';
import type { Upload } from '../../lib/upload';
import { createAssetRepository } from '../assets/assets.repository';
import { reachableOrganization } from '../organizations/organization.service';
import { createCertificatesRepository } from './certificates.repository';

/*
 * The organisation's certificate profile (« Mutuelle » step of the configuration): the seal and the
 * signature (images kept as uploaded: a PNG keeps its transparency), the recognition text, the
 * signatory, and the 281.86 approving body. Spec section 5: complete once the seal and the signature are set.
 * The two images are private assets: served only to the organisation's managers (and printed by the
 * certificate renderer), never by the public asset route, so nobody can lift them to forge a certificate.
 * A replaced image is kept: the certificates issued with it print it again on a duplicate.
 */

/** Where the organisation's managers read an image (`?v=` changes with the image, for caches). */
const imageUrl = (organizationId: string, which: MutualImage, assetId: string) =>
  `/api/organizations/${encodeURIComponent(organizationId)}/mutual-profile/${which}?v=${encodeURIComponent(assetId)}`;
export function createMutualProfileService(ctx: AppContext) {
  const repository = createCertificatesRepository(ctx.db);
  const assets = createAssetRepository(ctx.db);

  async function profile(organizationId: string): Promise<MutualProfile> {
    const org = (await repository.organization(organizationId))!;
    const image = async (which: MutualImage, id: string | null) => {
      const meta = id ? await assets.findMeta(organizationId, id) : undefined;
      return meta
        ? { id: meta.id, url: imageUrl(organizationId, which, meta.id), contentType: meta.contentType }
        : null;
    };
    return {
      seal: await image('seal', org.mutualSeal),
      signature: await image('signature', org.signatureStamp),
      recognitionText: org.mutualRecognitionText,
      signatoryName: org.mutualSignatoryName,
      signatoryRole: org.mutualSignatoryRole,
      taxApprovalBody: org.taxApprovalBody,
      complete: isMutualComplete(org),
    };
  }

  return {
    async get(auth: AuthContext, organizationId: string) {
      const org = await reachableOrganization(ctx, auth, organizationId);
      return profile(org.id);
    },

    async update(auth: AuthContext, organizationId: string, input: MutualProfileInput) {
      const org = await reachableOrganization(ctx, auth, organizationId);
      const text = (value: string | null | undefined) => (value === undefined ? undefined : value || null);
      await repository.updateProfile(org.id, {
        mutualRecognitionText: text(input.recognitionText),
        mutualSignatoryName: text(input.signatoryName),
        mutualSignatoryRole: text(input.signatoryRole),
        taxApprovalBody: text(input.taxApprovalBody),
      });
      return profile(org.id);
    },

    /**
     * Stores the seal or the signature. The content decides: only PNG and JPEG bytes pass (an SVG, which
     * may carry a script, or a renamed file is refused whatever its declared type), at most 1 MB.
     */
    async upload(auth: AuthContext, organizationId: string, which: MutualImage, file: Upload) {
      const org = await reachableOrganization(ctx, auth, organizationId);
      if (file.data.length > MUTUAL_IMAGE_MAX_BYTES) throw new AppError('certificate_image_too_large');
      const detected = detectImageType(file.data);
      if (!detected || !(MUTUAL_IMAGE_TYPES as readonly string[]).includes(detected)) {
        throw new AppError('certificate_image_type');
      }
      const id = newId('ast', ctx.clock.now().getTime());
      await ctx.db.transaction(async (tx) => {
        await createAssetRepository(tx).insert({
          organizationId: org.id,
          id,
          contentType: detected,
          byteSize: file.data.length,
          sha256: createHash('sha256').update(file.data).digest('hex'),
          fileName: which === 'seal' ? 'cachet' : 'signature',
          data: file.data,
          private: true,
          createdByUserId: auth.userId,
        });
        await createCertificatesRepository(tx).updateProfile(
          org.id,
          which === 'seal' ? { mutualSeal: id } : { signatureStamp: id },
        );
      });
      return profile(org.id);
    },

    /** The current seal or signature's bytes, for the organisation's managers only. */
    async image(auth: AuthContext, organizationId: string, which: MutualImage) {
      const org = await reachableOrganization(ctx, auth, organizationId);
      const id = which === 'seal' ? org.mutualSeal : org.signatureStamp;
      const asset = id ? await assets.findWithData(org.id, id) : undefined;
      if (!asset) throw new AppError('not_found');
      return asset;
    },

    async remove(auth: AuthContext, organizationId: string, which: MutualImage) {
      const org = await reachableOrganization(ctx, auth, organizationId);
      await repository.updateProfile(
        org.id,
        which === 'seal' ? { mutualSeal: null } : { signatureStamp: null },
      );
      return profile(org.id);
    },
  };
}
